import type { ContentImage } from '@portal/shared';
import { SLIDER_DATA_ID } from '@portal/shared/html-data';
import { sliderPicture } from '@portal/shared/slider-picture';
import type { Database } from '../../platform/db/database.js';
import { keptPerDatabase } from '../../platform/db/kept-per-database.js';
import { listImages } from './images.repository.js';

/**
 * index.html for / and /home with the first slider picture known to the HTML
 * (docs/decisions/043-first-paint-html-and-fonts.md). Without it the phone can ask for the largest
 * thing on its first screen only after the app's JavaScript has run and the slider list has come
 * back; with it the browser's preload scanner asks at once, and the page reads the list from the
 * HTML instead of asking for it.
 */

/** The home page's HTML, and the slider list it carries (its first screen is drawn with it, decision 046). */
export interface HomePage {
  html: string;
  slider: ContentImage[];
}

/**
 * Rendered once per slider change and per built page (db/kept-per-database.ts): the Admin's upload
 * and delete call sliderChanged after their transaction commits.
 */
const rendered = keptPerDatabase((db: Database, template: string): Promise<HomePage> =>
  listImages(db, 'slider').then((slider) => ({ html: withFirstSlide(template, slider), slider })),
);

/** The slider's list changed: the next request renders the page afresh. */
export function sliderChanged(db: Database): void {
  rendered.forget(db);
}

/** The home page's HTML from the built index.html; rejects when the database cannot be read (then serve it plain). */
export function homePageHtml(db: Database, template: string): Promise<HomePage> {
  return rendered.get(db, template);
}

/**
 * Adds the first slide's preload (the same URL, srcset and sizes as the slider's <img>, so the
 * browser reuses the download) and the list as an inert JSON block, before the scripts and styles
 * so that the preload scanner meets them first, but after the viewport <meta>: before it, a phone
 * picks from the srcset for a 980 px wide page and fetches the 1600 px upload as well (measured,
 * decision 043). An empty list is written too: the page then shows its banner without asking.
 */
export function withFirstSlide(template: string, images: ContentImage[]): string {
  const first = images[0];
  let head = `<script type="application/json" id="${SLIDER_DATA_ID}">${jsonForScript(images)}</script>`;
  if (first) {
    const { src, srcSet, sizes } = sliderPicture(first);
    head =
      `<link rel="preload" as="image" fetchpriority="high" href="${attr(src)}" imagesrcset="${attr(srcSet)}" imagesizes="${attr(sizes)}">` +
      head;
  }
  const viewport = /<meta name="viewport"[^>]*>/i.exec(template);
  if (viewport) return template.replace(viewport[0], () => viewport[0] + head);
  return template.includes('</head>') ? template.replace('</head>', () => `${head}</head>`) : template;
}

/**
 * JSON that cannot end its <script> element nor open another: every <, > and & (and the two line
 * separators) as \u escapes, which JSON.parse reads back as the same characters. The list is the
 * Admin's content, so it is treated as untrusted. The block is not executable: the CSP allows no
 * inline script but the first screen's starter, by its hash (decision 047).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
