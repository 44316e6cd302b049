import { StaticPage } from '../../features/content/StaticPage';

/** /application-instruction (spec 1 §2): the page the Admin writes on web-application-instruction. */
export default function ApplicationInstruction() {
  return <StaticPage slug="application-instruction" />;
}
