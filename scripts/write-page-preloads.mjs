/**
 * Writes client/dist/.vite/page-preloads.json: for each address of client/src/router.tsx, the
 * scripts its page needs beyond the entry's own (which index.html already names). The server adds
 * them to the HTML as <link rel="modulepreload">, so that a phone asks for the page's chunk and
 * words together with the app's, not after it (docs/decisions/045-first-render-waits-for-the-page.md).
 *
 * Run by the client's build, after `vite build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { dist, readManifest, readPages } from './lib/page-chunks.mjs';

const { entryFiles, pages } = readPages(readManifest());
const routes = pages.flatMap(({ paths, files }) =>
  paths
    // The not-found page answers any address: it is small, and preloading it everywhere would be waste.
    .filter((p) => p !== '*')
    .map((p) => ({ path: p, files: files.filter((f) => f.endsWith('.js') && !entryFiles.has(f)) })),
);
if (routes.length === 0) throw new Error('No address read from client/src/router.tsx');
fs.writeFileSync(path.join(dist, '.vite/page-preloads.json'), JSON.stringify({ routes }, null, 1));
console.log(`Page preloads for ${routes.length} addresses written.`);
