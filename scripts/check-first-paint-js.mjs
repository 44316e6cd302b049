/**
 * Fails when a citizen page needs more than 100 KiB of compressed JavaScript to draw itself
 * (docs/decisions/018-service-targets.md, docs/decisions/044-catalogue-by-page.md). A size check on
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

const BUDGET_KIB = 100;
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'client/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('No client/dist/.vite/manifest.json: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** What the wire carries for a file: its .br or .gz copy, or the file itself when it is too small to have one. */
function sizeOf(file, ext) {
  const copy = path.join(dist, file + ext);
  return fs.statSync(fs.existsSync(copy) ? copy : path.join(dist, file)).size;
}

/** A manifest entry's own file and every file it imports statically, once each. */
function closure(key, into) {
  const entry = manifest[key];
  if (!entry) throw new Error(`The build has no chunk for ${key}`);
  if (into.has(entry.file)) return into;
  into.add(entry.file);
  for (const dep of entry.imports ?? []) closure(dep, into);
  return into;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
const router = fs.readFileSync(path.join(root, 'client/src/router.tsx'), 'utf8');
const pages = [
  ...router.matchAll(/lazyPage\(\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)[^,]*,\s*(\[[^\]]*\]|ALL_NAMESPACES)/g),
].filter((m) => m[2] !== 'ALL_NAMESPACES');
if (pages.length === 0) throw new Error('Read no page from client/src/router.tsx');

let over = 0;
const rows = [];
for (const [, modulePath, list] of pages) {
  const namespaces = JSON.parse(list.replace(/'/g, '"'));
  const moduleKey = Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, '') === `src/${modulePath}`);
  if (!moduleKey) throw new Error(`The build has no chunk for src/${modulePath}`);
  const files = closure(entryKey, new Set());
  closure(moduleKey, files);
  for (const ns of namespaces) closure(`../shared/src/i18n/bn/${ns}.ts`, files);
  const scripts = [...files].filter((f) => f.endsWith('.js'));
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
