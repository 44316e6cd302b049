import { StaticPage } from '../../features/content/StaticPage';

/** /about-us (spec 1 §2): the page the Admin writes on web-about-us. */
export default function AboutUs() {
  return <StaticPage slug="about-us" />;
}
