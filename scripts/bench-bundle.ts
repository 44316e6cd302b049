/**
 * Measures what a citizen's phone downloads on first load of each citizen page: the compressed
 * JavaScript and all bytes, as Chromium reports them (encoded body sizes over the wire, gzip from
 * the server), with an empty cache and no service worker. Run: `npm run build && npm run bench:bundle`.
 * Figures go to docs/BENCHMARKS.md; the budget is 150 KiB of compressed JavaScript (guide/QUALITY.md).
 */
import { startPortal } from '../e2e/lib/portal.js';
import { openPhone } from '../e2e/lib/browser.js';

const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/new-application', '/my-application', '/verification/1'];
const runs = Number(process.env.BENCH_RUNS ?? 5);

const portal = await startPortal({ smsUrl: 'http://127.0.0.1:9/unused', smsToken: 'bench' });
try {
  console.log(`| page | compressed JS (KiB) | all bytes (KiB) | requests |`);
  console.log(`|---|---|---|---|`);
  for (const page of pages) {
    const js: number[] = [];
    const all: number[] = [];
    let requests = 0;
    for (let i = 0; i < runs; i++) {
      const ctx = await openPhone();
      const p = await ctx.newPage();
      const sizes: Promise<{ js: boolean; bytes: number }>[] = [];
      p.on('requestfinished', (req) => {
        sizes.push(
          req.sizes().then((s) => ({
            js: req.resourceType() === 'script',
            bytes: s.responseBodySize + s.responseHeadersSize,
          })),
        );
      });
      await p.goto(portal.url + page, { waitUntil: 'networkidle' });
      const done = await Promise.all(sizes);
      js.push(done.filter((d) => d.js).reduce((a, d) => a + d.bytes, 0));
      all.push(done.reduce((a, d) => a + d.bytes, 0));
      requests = done.length;
      await ctx.close();
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`| ${page} | ${(median(js) / 1024).toFixed(1)} | ${(median(all) / 1024).toFixed(1)} | ${requests} |`);
  }
  console.log(`\nmedian of ${runs} cold loads each, viewport 360x800`);
} finally {
  await portal.stop();
}
