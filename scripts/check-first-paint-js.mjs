/**
 * Fails when a citizen page needs more than 100 KiB of compressed JavaScript to draw itself
 * (docs/decisions/018-service-targets.md, docs/decisions/044-catalogue-by-page.md): the app's own
 * first render, which is the first paint wherever the server sends no first screen in the HTML
 * (docs/decisions/046-first-screen-in-the-html.md). A size check on
 * the build, not a timing: for every page of client/src/router.tsx but the staff panel, it adds
 * up what the browser must have before the page's first render, as the build's manifest says:
 * the entry and its static imports, the page's chunk and its static imports, and the message files
 * the page asks for (lazyPage(…, [namespaces])). Sizes are the Brotli copies the server sends to
 * every current browser (scripts/compress-dist.mjs); the gzip figure, for a browser without Brotli,
 * is printed beside them.
 *
 * Run after `npm run build`: `node scripts/check-first-paint-js.mjs` (.ci/run does).
 */
import fs from 'node:fs';
import path from 'node:path';
import { dist, readManifest, readPages } from './lib/page-chunks.mjs';

const BUDGET_KIB = 100;

/** What the wire carries for a file: its .br or .gz copy, or the file itself when it is too small to have one. */
function sizeOf(file, ext) {
  const copy = path.join(dist, file + ext);
  return fs.statSync(fs.existsSync(copy) ? copy : path.join(dist, file)).size;
}

let manifest;
try {
  manifest = readManifest();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const { pages } = readPages(manifest);

let over = 0;
const rows = [];
for (const { modulePath, files, staff } of pages) {
  if (staff) continue;
  const scripts = files.filter((f) => f.endsWith('.js'));
  const kib = scripts.reduce((sum, f) => sum + sizeOf(f, '.br'), 0) / 1024;
  const gzipKib = scripts.reduce((sum, f) => sum + sizeOf(f, '.gz'), 0) / 1024;
  if (kib > BUDGET_KIB) over++;
  rows.push(
    `${kib > BUDGET_KIB ? 'OVER' : 'ok  '} ${kib.toFixed(1).padStart(6)} KiB  (gzip ${gzipKib.toFixed(1).padStart(6)})  ${modulePath}`,
  );
}
console.log(`First-paint JavaScript of each citizen page (Brotli), budget ${BUDGET_KIB} KiB:`);
console.log(rows.join('\n'));
if (over > 0) {
  console.error(`${over} page(s) over the ${BUDGET_KIB} KiB first-paint budget.`);
  process.exit(1);
}
