import { StaticPage } from '../../features/content/StaticPage';

/** /policies (spec 1 §2): the page the Admin writes on web-policies. */
export default function Policies() {
  return <StaticPage slug="policies" />;
}
