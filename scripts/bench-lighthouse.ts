/**
 * Lighthouse on the citizen's first pages, with the mobile preset (Lighthouse's default: a
 * simulated Slow 4G link and a 4x slower CPU), against Debian's chromium and the built portal
 * started as in the browser scenarios (e2e/lib/portal.ts). Prints the medians of LCP, TBT, CLS and
 * the performance score over N cold runs of each page (docs/decisions/018-service-targets.md targets: LCP ≤ 2.5 s,
 * TBT ≤ 200 ms, CLS ≤ 0.1). Lighthouse itself is not a dependency: it runs through npx.
 *
 *   npm run build && node --import tsx scripts/bench-lighthouse.ts [--runs 5] [--images] [/ /new-application]
 *
 * --images first signs in as a fresh Admin and uploads 3 slider and 6 gallery pictures and a
 * headline through the admin API, so the home page is measured with its slider picture as the
 * largest element (without it the page shows its text banner instead).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createAdmin, startPortal, type Portal } from '../e2e/lib/portal.js';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : Number(process.env.LH_RUNS ?? 5);
const withImages = args.includes('--images');
const pages = args.filter((a, i) => a.startsWith('/') && args[i - 1] !== '--runs');
if (!pages.length) pages.push('/', '/new-application');

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
async function seedHomeContent(portal: Portal): Promise<void> {
  const email = 'bench-admin@example.com';
  const password = createAdmin(portal.dataDir, email);
  await portal.restart(); // the embedded database is opened by one process at a time
  const login = await fetch(`${portal.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
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

const portal = await startPortal({ smsUrl: 'http://127.0.0.1:9/unused', smsToken: 'bench' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
try {
  if (withImages) await seedHomeContent(portal);
  const rows: string[] = [];
  for (const page of pages) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const run = lighthouseWithRetry(portal.url + page, path.join(tmp, `run-${results.length}-${i}.json`));
      results.push(run);
      console.error(
        `${page} run ${i + 1}: LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}, score ${run.score.toFixed(0)}`,
      );
    }
    const elements = [...new Set(results.map((r) => r.lcpElement.slice(0, 80)))].join(' / ');
    rows.push(
      `| ${page} | ${(median(results.map((r) => r.lcp)) / 1000).toFixed(2)} s | ${Math.round(median(results.map((r) => r.tbt)))} ms | ${median(results.map((r) => r.cls)).toFixed(3)} | ${median(results.map((r) => r.score)).toFixed(0)} | \`${elements.replace(/\|/g, '\\|')}\` |`,
    );
  }
  console.log('| page | LCP | TBT | CLS | performance score | LCP element |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    `\nmedian of ${runs} cold runs each; Lighthouse 12 mobile preset (simulated Slow 4G, 4x CPU)${withImages ? '; home page with 3 slider and 6 gallery pictures' : '; no pictures uploaded'}`,
  );
} finally {
  await portal.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
