/**
 * What each page of client/src/router.tsx needs from the build, read from the build's manifest: the
 * entry's files, and for each page its chunk, the chunks that chunk imports statically, and the
 * message files it asks for (lazyPage(…, [namespaces]), Bangla, the first language). One reading
 * for the first-paint size check (scripts/check-first-paint-js.mjs) and for the server's
 * per-address preloads (scripts/write-page-preloads.mjs, docs/decisions/045-first-render-waits-for-the-page.md).
 */
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const dist = path.join(root, 'client/dist');

export function readManifest() {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error('No client/dist/.vite/manifest.json: run `npm run build` first.');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** A manifest entry's own file and every file it imports statically, once each. */
function closure(manifest, key, into) {
  const entry = manifest[key];
  if (!entry) throw new Error(`The build has no chunk for ${key}`);
  if (into.has(entry.file)) return into;
  into.add(entry.file);
  for (const dep of entry.imports ?? []) closure(manifest, dep, into);
  return into;
}

/**
 * The pages: each lazyPage's module with its namespaces, the addresses that show it
 * (`route('/path', Page)`), and `files`, everything its first render needs, the entry's files
 * included. The staff panel (ALL_NAMESPACES) is marked `staff`.
 */
export function readPages(manifest) {
  const router = fs.readFileSync(path.join(root, 'client/src/router.tsx'), 'utf8');
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  const entryFiles = closure(manifest, entryKey, new Set());
  const pages = [
    ...router.matchAll(
      /const (\w+) = lazyPage\(\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)[^,]*,\s*(\[[^\]]*\]|ALL_NAMESPACES)/g,
    ),
  ].map(([, name, modulePath, list]) => {
    const staff = list === 'ALL_NAMESPACES';
    const namespaces = staff ? [] : JSON.parse(list.replace(/'/g, '"'));
    const moduleKey = Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, '') === `src/${modulePath}`);
    if (!moduleKey) throw new Error(`The build has no chunk for src/${modulePath}`);
    const files = closure(manifest, moduleKey, new Set(entryFiles));
    for (const ns of namespaces) closure(manifest, `../shared/src/i18n/bn/${ns}.ts`, files);
    const paths = [...router.matchAll(new RegExp(`route\\('([^']+)', ${name}\\)`, 'g'))].map((m) => m[1]);
    return { name, modulePath, namespaces, staff, paths, files: [...files] };
  });
  if (pages.length === 0) throw new Error('Read no page from client/src/router.tsx');
  return { entryFiles, pages };
}
