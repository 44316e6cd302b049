/**
 * What a citizen's phone downloads on a first visit to each citizen page (empty cache, no service
 * worker yet), on a throttled connection like Lighthouse's mobile preset (150 ms round trip,
 * 1.6 Mbit/s down) so that what arrives before the page is drawn is told apart from what follows:
 *
 * - first-paint JS: compressed bodies of the scripts that had arrived when the page drew its
 *   largest element (LCP), as the browser's own resource timings report them;
 * - JS until idle: every script the page fetched until the network was idle (prefetches included);
 * - all bytes: everything on the wire until idle, headers included; requests;
 * - precached: what the service worker then downloads in the background for offline use.
 *
 * Two or more builds can be measured side by side, their runs interleaved so that the machine's
 * noise falls on each alike: `--dist before=/tmp/base/client/dist --dist after=client/dist`.
 * Run: `npm run build && npm run bench:bundle -- [--dist label=folder …] [pages…]`. Medians of
 * BENCH_RUNS (5) cold loads. Figures go to docs/BENCHMARKS.md; budgets in docs/decisions/018-service-targets.md.
 */
import { startPortal, type Portal } from '../e2e/lib/portal.js';
import { openPhone } from '../e2e/lib/browser.js';

const args = process.argv.slice(2);
const dists: { label: string; folder: string | undefined }[] = [];
const pages: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--dist') {
    const [label, folder] = args[++i]!.split('=');
    dists.push({ label: label!, folder });
  } else pages.push(args[i]!);
}
if (dists.length === 0) dists.push({ label: 'this build', folder: undefined });
if (pages.length === 0) pages.push('/', '/new-application', '/renew-application', '/my-application', '/verification/6');
const runs = Number(process.env.BENCH_RUNS ?? 5);

type Load = { firstPaintJs: number; idleJs: number; all: number; requests: number; precache: number };

async function load(portal: Portal, page: string): Promise<Load> {
  const ctx = await openPhone();
  try {
    const p = await ctx.newPage();
    const cdp = await ctx.newCDPSession(p);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    const wire: Promise<{ sw: boolean; bytes: number }>[] = [];
    ctx.on('requestfinished', (req) => {
      wire.push(
        req
          .sizes()
          .then((s) => ({ sw: req.serviceWorker() !== null, bytes: s.responseBodySize + s.responseHeadersSize }))
          // A request still finishing while the context closes is not counted.
          .catch(() => ({ sw: false, bytes: 0 })),
      );
    });
    await p.goto(portal.url + page, { waitUntil: 'networkidle', timeout: 120_000 });
    const timings = await p.evaluate(
      () =>
        new Promise<{ lcp: number; scripts: { end: number; size: number }[] }>((resolve) => {
          let lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = entry.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((e) => /\.js(\?|$)/.test(new URL(e.name).pathname))
              .map((e) => ({ end: e.responseEnd, size: e.encodedBodySize }));
            resolve({ lcp, scripts });
          }, 100);
        }),
    );
    await p.waitForTimeout(3000); // the service worker's precache, on the throttled line
    const done = await Promise.all(wire);
    const own = done.filter((d) => !d.sw);
    return {
      firstPaintJs: timings.scripts.filter((s) => s.end <= timings.lcp).reduce((a, s) => a + s.size, 0),
      idleJs: timings.scripts.reduce((a, s) => a + s.size, 0),
      all: own.reduce((a, d) => a + d.bytes, 0),
      requests: own.length,
      precache: done.filter((d) => d.sw).reduce((a, d) => a + d.bytes, 0),
    };
  } finally {
    await ctx.close();
  }
}

const portals: Portal[] = [];
try {
  for (const d of dists) {
    portals.push(await startPortal({ smsUrl: 'http://127.0.0.1:9/unused', smsToken: 'bench', clientDist: d.folder }));
  }
  const results = new Map<string, Load[]>();
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      for (const [i, d] of dists.entries()) {
        const key = `${page}\u0000${d.label}`;
        if (!results.has(key)) results.set(key, []);
        // A browser lost on a loaded machine is tried once more rather than ending the run.
        results.get(key)!.push(await load(portals[i]!, page).catch(() => load(portals[i]!, page)));
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const kib = (n: number) => (n / 1024).toFixed(1);
  console.log(
    '| page | build | first-paint JS (KiB) | JS until idle (KiB) | all bytes (KiB) | requests | then precached (KiB) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const page of pages) {
    for (const d of dists) {
      const rs = results.get(`${page}\u0000${d.label}`)!;
      const m = (f: (l: Load) => number) => median(rs.map(f));
      console.log(
        `| ${page} | ${d.label} | ${kib(m((l) => l.firstPaintJs))} | ${kib(m((l) => l.idleJs))} | ${kib(m((l) => l.all))} | ${m((l) => l.requests)} | ${kib(m((l) => l.precache))} |`,
      );
    }
  }
  console.log(`\nmedian of ${runs} cold loads each, 360x800, 150 ms / 1.6 Mbit/s, runs interleaved across builds`);
} finally {
  for (const portal of portals) await portal.stop();
}
