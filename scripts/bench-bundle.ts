/**
 * Measures what a citizen's phone downloads on first load of each citizen page: the compressed
 * JavaScript and all bytes the page itself fetches, as Chromium reports them (encoded body sizes over
 * the wire, gzip from the server), with an empty cache; and, apart, what the service worker then
 * precaches in the background for offline use. Run: `npm run build && npm run bench:bundle`.
 * Figures go to docs/BENCHMARKS.md; the budget is 150 KiB of compressed JavaScript (docs/decisions/018-service-targets.md).
 */
import { startPortal } from '../e2e/lib/portal.js';
import { openPhone } from '../e2e/lib/browser.js';

const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/new-application', '/my-application', '/verification/1'];
const runs = Number(process.env.BENCH_RUNS ?? 5);

const portal = await startPortal({ smsUrl: 'http://127.0.0.1:9/unused', smsToken: 'bench' });
try {
  console.log(
    `| page | compressed JS (KiB) | all bytes (KiB) | requests | then precached by the service worker (KiB) |`,
  );
  console.log(`|---|---|---|---|---|`);
  for (const page of pages) {
    const js: number[] = [];
    const all: number[] = [];
    const precache: number[] = [];
    let requests = 0;
    for (let i = 0; i < runs; i++) {
      const ctx = await openPhone();
      const p = await ctx.newPage();
      const sizes: Promise<{ js: boolean; sw: boolean; body: number; bytes: number }>[] = [];
      ctx.on('requestfinished', (req) => {
        sizes.push(
          req.sizes().then((s) => ({
            js: req.resourceType() === 'script' || req.url().endsWith('.js'),
            sw: req.serviceWorker() !== null,
            body: s.responseBodySize,
            bytes: s.responseBodySize + s.responseHeadersSize,
          })),
        );
      });
      await p.goto(portal.url + page, { waitUntil: 'networkidle' });
      await p.waitForTimeout(1500); // let the service worker finish its precache
      const done = await Promise.all(sizes);
      const own = done.filter((d) => !d.sw);
      js.push(own.filter((d) => d.js).reduce((a, d) => a + d.body, 0)); // compressed bodies, as budgets count them
      all.push(own.reduce((a, d) => a + d.bytes, 0)); // everything on the wire, headers included
      precache.push(done.filter((d) => d.sw).reduce((a, d) => a + d.bytes, 0));
      requests = own.length;
      await ctx.close();
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `| ${page} | ${(median(js) / 1024).toFixed(1)} | ${(median(all) / 1024).toFixed(1)} | ${requests} | ${(median(precache) / 1024).toFixed(1)} |`,
    );
  }
  console.log(`\nmedian of ${runs} cold loads each, viewport 360x800`);
} finally {
  await portal.stop();
}
