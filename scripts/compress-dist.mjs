/**
 * Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the
 * built PWA, once at build time, so the server sends the smallest one the browser accepts without
 * compressing on each request (docs/decisions/044-catalogue-by-page.md). Every current browser
 * accepts Brotli over HTTPS and from localhost; gzip is for the rest.
 *
 * Run by `npm run build -w client` after `vite build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../client/dist');
const TEXT = /\.(js|css|html|svg|json|webmanifest|txt)$/;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let files = 0;
let raw = 0;
let br = 0;
for (const file of walk(dist)) {
  const body = fs.readFileSync(file);
  // Tiny files gain nothing; the server then sends them as they are or compresses them itself.
  if (body.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  files++;
  raw += body.length;
  br += brotli.length;
}
console.log(`Compressed ${files} files: ${(raw / 1024).toFixed(0)} KiB, ${(br / 1024).toFixed(0)} KiB as Brotli.`);
