import fs from 'node:fs';
import path from 'node:path';
import { hasFirstScreen } from './first-screen.js';
import { withScriptsAfterFirstPaint } from './start-after-paint.js';

/**
 * The scripts a page needs beyond the app's own, named in its HTML as <link rel="modulepreload">,
 * so that a phone asks for the page's chunk and words together with the app's instead of after it
 * has run (docs/decisions/045-first-render-waits-for-the-page.md). The build writes the list
 * (scripts/write-page-preloads.mjs) from the router's `route('/path', Page)` table.
 */

interface PreloadFile {
  routes: { path: string; files: string[] }[];
}

interface Table {
  text: string;
  match: { pattern: RegExp; links: string }[];
}

let kept: Table | undefined;

/** A router path as a pattern: `:name` is one segment, a trailing `/*` anything below. */
function patternOf(routePath: string): RegExp {
  const escaped = routePath
    .replace(/\/\*$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}${routePath.endsWith('/*') ? '(?:/.*)?' : ''}/?$`);
}

/** Read each time the build may have changed; parsed again only when the file's text did. */
function table(dist: string): Table | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dist, '.vite', 'page-preloads.json'), 'utf8');
  } catch {
    return undefined; // no build, or an older one: the page then fetches its chunk itself
  }
  if (kept?.text === text) return kept;
  const parsed = JSON.parse(text) as PreloadFile;
  kept = {
    text,
    match: parsed.routes.map((r) => ({
      pattern: patternOf(r.path),
      links: r.files.map((f) => `<link rel="modulepreload" crossorigin href="/${encodeURI(f)}">`).join(''),
    })),
  };
  return kept;
}

/**
 * The page's preloads, written at the end of <head> (after the app's own scripts, which come first).
 * When the HTML already draws the page (first-screen.ts), all of them, the app's own included, are
 * asked for only after that first screen has painted (start-after-paint.ts).
 */
export function withPageScripts(template: string, dist: string, pathname: string): string {
  const links = table(dist)?.match.find((m) => m.pattern.test(pathname))?.links;
  const named = links && template.includes('</head>') ? template.replace('</head>', () => `${links}</head>`) : template;
  return hasFirstScreen(named) ? withScriptsAfterFirstPaint(named) : named;
}
