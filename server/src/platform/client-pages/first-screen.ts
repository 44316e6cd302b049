import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ContentImage, PublicSettings } from '@portal/shared';
import { todayInDhaka } from '@portal/shared/i18n/dates';
import { SETTINGS_DATA_ID } from '@portal/shared/html-data';
import { jsonForScript } from '../../modules/content/home-page-html.js';

/**
 * The first screen of a citizen page written into its HTML (docs/decisions/046-first-screen-in-the-html.md):
 * the page's markup as the app renders it on a first visit, from the client's server build
 * (client/src/entry-server.tsx, built into client/dist-ssr/). A phone draws it from the HTML and
 * the stylesheet, before the app's JavaScript has arrived; the app then adopts the same elements
 * (hydration). Until then `#root` is `inert`: nothing typed into it could be lost when the app
 * takes over.
 */

/** What a first screen is drawn with beyond its address: the site settings, and the home page's slider list. */
interface FirstScreenData {
  settings: PublicSettings;
  slider?: ContentImage[];
}

interface Entry {
  FIRST_SCREEN_PATHS: readonly string[];
  renderFirstScreen(path: string, data: FirstScreenData): Promise<string>;
}

const ROOT = '<div id="root"></div>';

/**
 * The server build beside the client build, per build folder. Imported once: its chunks import it
 * back by its plain URL, so a second copy (a new build while the server runs) would not share its
 * loaded words with them; a new build is served by a restarted server, as `npm start` does.
 */
const entries = new Map<string, Promise<Entry>>();
/** The latest rendered markup per build and address (the addresses are the entry's own, so it stays small). */
const rendered = new Map<string, Promise<string>>();
let warned = false;

function loadEntry(dist: string): Promise<Entry> | undefined {
  const file = path.join(dist, '..', 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return undefined; // not built (tests, an older build): the plain shell
  let entry = entries.get(file);
  if (!entry) {
    entry = import(pathToFileURL(file).href) as Promise<Entry>;
    entries.set(file, entry);
  }
  return entry;
}

/**
 * `template` with the first screen of `pathname` in its `#root` and the settings it was drawn with
 * beside it (the app's first render starts from them, so it adopts the same elements), or `template`
 * itself for an address with no first screen, or when the settings cannot be read or rendering
 * fails (the app then draws the page, as without this). `settings` is asked only for an address
 * with a first screen.
 */
export async function withFirstScreen(
  template: string,
  dist: string,
  pathname: string,
  data: { settings: () => Promise<PublicSettings>; slider?: ContentImage[] },
): Promise<string> {
  if (!template.includes(ROOT) || !template.includes('</head>')) return template;
  try {
    const module = await loadEntry(dist);
    if (!module?.FIRST_SCREEN_PATHS.includes(pathname)) return template;
    const settings = await data.settings();
    const { slider } = data;
    // Per Dhaka day too: a form's date fields carry today as their limit, which the app adopts as it is.
    const address = `${dist}\n${pathname}\n`;
    const key = `${address}${todayInDhaka()}\n${JSON.stringify(settings)}\n${slider ? JSON.stringify(slider) : ''}`;
    let markup = rendered.get(key);
    if (!markup) {
      // One rendering per address: yesterday's, or the one with older settings or slider list, goes.
      for (const k of rendered.keys()) if (k.startsWith(address)) rendered.delete(k);
      markup = module.renderFirstScreen(pathname, { settings, slider });
      rendered.set(key, markup);
      // A failure is not kept: the next request tries again.
      markup.catch(() => rendered.get(key) === markup && rendered.delete(key));
    }
    const html = await markup;
    return template
      .replace(
        '</head>',
        () => `<script type="application/json" id="${SETTINGS_DATA_ID}">${jsonForScript(settings)}</script></head>`,
      )
      .replace(ROOT, () => `<div id="root" inert>${html}</div>`);
  } catch (err) {
    if (!warned) {
      warned = true;
      console.warn(`The first screen could not be rendered; pages are served plain: ${String(err)}`);
    }
    return template;
  }
}

/** Whether `html` carries a first screen (page-preloads.ts then starts the scripts after its paint). */
export function hasFirstScreen(html: string): boolean {
  return html.includes('<div id="root" inert>');
}
