/**
 * Lighthouse on the citizen pages, with the mobile preset (Lighthouse's default: a simulated Slow 4G
 * link and a 4x slower CPU), against Debian's chromium and the built portal started as in the
 * browser scenarios (e2e/lib/portal.ts). Prints a markdown table of the medians of LCP, TBT, CLS and
 * the performance score over N cold runs of each page, and the LCP element
 * (docs/decisions/018-service-targets.md targets: LCP ≤ 2.0 s, TBT ≤ 200 ms, CLS ≤ 0.1). Lighthouse
 * itself is not a dependency: it runs through npx.
 *
 *   npm run build && node --import tsx scripts/bench-lighthouse.ts [--runs 5] [--no-images] [pages…]
 *
 * Several builds side by side, each on its own portal, the runs interleaved so that the machine's
 * noise falls on all of them alike (round 1: A B, round 2: B A, …):
 *
 *   --dist before=/tmp/base/client/dist --dist after=client/dist   this checkout's server, that PWA build (CLIENT_DIST)
 *   --tree before=/tmp/lh-base --tree after=.                      that checkout's own server and client/dist
 *
 * Use --tree when the server changed too (the home page's HTML is the server's, decision 043); both
 * with one name run that checkout's server with that build.
 * Pages default to the five citizen pages of issue 11. Every portal first gets, through the admin
 * API as a fresh Admin, 3 slider and 6 gallery pictures and a headline (--no-images: none), so the
 * home page is measured with its slider picture as the largest element.
 *
 * LH_FLAGS adds Lighthouse flags (e.g. `--throttling-method=devtools`: the network really slowed,
 * so a late web font's swap shows in CLS, which the default simulation cannot see); LH_KEEP=<dir>
 * keeps every report there.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createAdmin, startPortal, type Portal } from '../e2e/lib/portal.js';

const DEFAULT_PAGES = ['/', '/new-application', '/renew-application', '/my-application', '/verification/6'];

interface Build {
  name: string;
  /** The checkout whose server runs (undefined: this one). */
  root?: string;
  /** The PWA build it serves (undefined: the checkout's client/dist). */
  dist?: string;
}

function parseArgs(argv: string[]) {
  const builds: Build[] = [];
  const pages: string[] = [];
  let runs = Number(process.env.LH_RUNS ?? 5);
  let withImages = true;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--runs') runs = Number(argv[++i]);
    else if (a === '--no-images') withImages = false;
    else if (a === '--images')
      withImages = true; // the default; kept for the older command lines
    else if (a === '--dist' || a === '--tree') {
      const spec = argv[++i] ?? '';
      const eq = spec.indexOf('=');
      const name = eq > 0 ? spec.slice(0, eq) : spec;
      const dir = path.resolve(eq > 0 ? spec.slice(eq + 1) : spec);
      if (!fs.existsSync(dir)) throw new Error(`${a} ${spec}: no such folder`);
      // Both flags with one name: that checkout's server with that build.
      const build = builds.find((b) => b.name === name) ?? builds[builds.push({ name }) - 1]!;
      if (a === '--dist') build.dist = dir;
      else build.root = dir;
    } else if (a.startsWith('/')) pages.push(a);
    else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number');
  return {
    builds: builds.length ? builds : [{ name: 'this tree' }],
    pages: pages.length ? pages : DEFAULT_PAGES,
    runs,
    withImages,
  };
}

const { builds, pages, runs, withImages } = parseArgs(process.argv.slice(2));

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

interface Run {
  lcp: number;
  tbt: number;
  cls: number;
  score: number;
  lcpElement: string;
}

/** Lighthouse sometimes loses its trace on this box (NO_NAVSTART); such a run is taken again once. */
function lighthouseWithRetry(url: string, out: string): Run {
  try {
    return lighthouse(url, out);
  } catch (err) {
    console.error(`retrying a failed run: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    fs.rmSync(out, { force: true });
    return lighthouse(url, out);
  }
}

function lighthouse(url: string, out: string): Run {
  const r = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
      ...(process.env.LH_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
    { env: { ...process.env, CHROME_PATH }, encoding: 'utf8', timeout: 180_000 },
  );
  if (r.status !== 0 || !fs.existsSync(out))
    throw new Error(`lighthouse failed (${r.status}): ${r.stderr || r.stdout}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    runtimeError?: { message: string };
    categories: { performance: { score: number | null } };
    audits: Record<
      string,
      { numericValue?: number; details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } }
    >;
  };
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  const a = report.audits;
  return {
    lcp: a['largest-contentful-paint']!.numericValue!,
    tbt: a['total-blocking-time']!.numericValue!,
    cls: a['cumulative-layout-shift']!.numericValue!,
    score: (report.categories.performance.score ?? 0) * 100,
    lcpElement: a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?',
  };
}

/** Pictures and a headline, as an Admin would add them on the Website Setting screens. */
async function seedHomeContent(portal: Portal, root: string | undefined): Promise<void> {
  const email = 'bench-admin@example.com';
  // The embedded database is opened by one process at a time: a running portal would write over the new account.
  await portal.stop();
  const password = createAdmin(portal.dataDir, email, root);
  await portal.restart();
  const login = await fetch(`${portal.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  // A one-time password opens nothing but its own change (decision 014).
  const changed = await fetch(`${portal.url}/api/auth/change-password`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword: password, newPassword: 'tube well seven under the jackfruit tree' }),
  });
  if (!changed.ok) throw new Error(`admin password change failed: ${changed.status} ${await changed.text()}`);
  const colours = ['#2e7d32', '#1565c0', '#ef6c00', '#6a1b9a', '#c62828', '#00838f'];
  for (const [gallery, count] of [
    ['slider', 3],
    ['gallery', 6],
  ] as const) {
    for (let i = 0; i < count; i++) {
      // A photo-like picture (noise compresses like a photo does), 1600x900: the phone version is what a phone should get.
      const noise = await sharp({
        create: {
          width: 1600,
          height: 900,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .png()
        .toBuffer();
      const jpeg = await sharp(noise)
        .composite([
          {
            input: Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="${colours[i % colours.length]}" opacity=".7"/></svg>`,
            ),
          },
        ])
        .jpeg({ quality: 80 })
        .toBuffer();
      const res = await fetch(`${portal.url}/api/admin/galleries/${gallery}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'image/jpeg' },
        body: jpeg,
      });
      if (res.status !== 201) throw new Error(`upload to ${gallery} failed: ${res.status} ${await res.text()}`);
    }
  }
  const settings = await fetch(`${portal.url}/api/admin/settings`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ headline: 'নতুন মৌসুমের সেচ নলকূপ লাইসেন্সের আবেদন গ্রহণ চলছে। বিস্তারিত নোটিশ বোর্ডে দেখুন।' }),
  });
  if (!settings.ok) throw new Error(`settings failed: ${settings.status} ${await settings.text()}`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The LCP element without what differs between portals (each has its own picture ids). */
const elementOf = (snippet: string) =>
  snippet.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '…').slice(0, 80);

const portals: Portal[] = [];
const keep = process.env.LH_KEEP;
const tmp = keep
  ? (fs.mkdirSync(keep, { recursive: true }), keep)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
try {
  for (const build of builds) {
    const portal = await startPortal({
      smsUrl: 'http://127.0.0.1:9/unused',
      smsToken: 'bench',
      root: build.root,
      clientDist: build.dist ?? (build.root ? path.join(build.root, 'client', 'dist') : undefined),
    });
    portals.push(portal);
    if (withImages) await seedHomeContent(portal, build.root);
  }
  const results = new Map<string, Run[]>(); // page + build → runs
  for (let round = 0; round < runs; round++) {
    for (const page of pages) {
      // Interleaved, and the order turned each round, so neither build always goes first.
      const order = builds.map((_, i) => i);
      if (round % 2) order.reverse();
      for (const b of order) {
        const file = `${builds[b]!.name.replace(/\W+/g, '_')}${page.replace(/\W+/g, '_')}-${round + 1}.json`;
        const run = lighthouseWithRetry(portals[b]!.url + page, path.join(tmp, file));
        const key = `${page}\n${builds[b]!.name}`;
        results.set(key, [...(results.get(key) ?? []), run]);
        console.error(
          `${page} [${builds[b]!.name}] run ${round + 1}: LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}, score ${run.score.toFixed(0)}`,
        );
      }
    }
  }
  console.log('| page | build | LCP | TBT | CLS | performance score | LCP element |');
  console.log('|---|---|---|---|---|---|---|');
  for (const page of pages) {
    for (const build of builds) {
      const rs = results.get(`${page}\n${build.name}`)!;
      const elements = [...new Set(rs.map((r) => elementOf(r.lcpElement)))].join(' / ');
      console.log(
        `| ${page} | ${build.name} | ${(median(rs.map((r) => r.lcp)) / 1000).toFixed(2)} s | ${Math.round(median(rs.map((r) => r.tbt)))} ms | ${median(rs.map((r) => r.cls)).toFixed(3)} | ${median(rs.map((r) => r.score)).toFixed(0)} | \`${elements.replace(/\|/g, '\\|')}\` |`,
      );
    }
  }
  console.log(
    `\nmedian of ${runs} cold runs each, builds interleaved; Lighthouse 12 mobile preset (Slow 4G, 4x CPU${process.env.LH_FLAGS ? `; ${process.env.LH_FLAGS}` : ', simulated'})${withImages ? '; 3 slider and 6 gallery pictures uploaded' : '; no pictures uploaded'}`,
  );
} finally {
  for (const portal of portals) await portal.stop();
  if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
}
