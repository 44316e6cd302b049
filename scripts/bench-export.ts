/**
 * The register's CSV export over 100,000 applications (docs/decisions/037-register-lists-and-exports.md).
 *
 * 1. The portal (server/src/main.ts) as a process of its own on a fresh PostgreSQL database; this
 *    script downloads GET /api/staff/register/new/export.csv three times as a signed-in BADC officer
 *    (gzip, as a browser asks) and reports the median time and the portal's peak resident memory
 *    (VmHWM of /proc/<pid>/status) before and after the downloads.
 * 2. Like for like, without HTTP: the same rows written to nowhere by a process of their own, once
 *    streamed in keyset batches (the portal's way) and once read all at once and then written (the
 *    legacy way of fetching every row), each process's peak resident memory and time.
 * 3. A few pages of the register's list at that size (default, a search, a filter, a deep page).
 *
 * Run: `npm run bench:export` (a temporary bench_export_<random> database on the local PostgreSQL
 * server, BENCH_DATABASE_ADMIN_URL as in bench-seed.ts, dropped at the end). BENCH_ROWS changes the
 * size. Figures go to docs/BENCHMARKS.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../server/src/platform/db/database.js';
import { baseOf, officeScope, scopedDatabase } from '../server/src/platform/db/office-scope.js';
import { csvStream } from '../server/src/platform/http/csv.js';
import { REGISTER_CSV_HEADER, registerCsvCells } from '../server/src/modules/register/register-csv.js';
import { registerCsvRows } from '../server/src/modules/register/register.repository.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = 3;
const MiB = 1024 * 1024;

/** Peak and current resident memory of a process, from Linux's /proc (kB → bytes). */
function memoryOf(pid: number | 'self'): { peak: number; now: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { peak: kb('VmHWM'), now: kb('VmRSS') };
}

/** Reads a download to its end, keeping nothing: bytes and lines. */
async function drain(body: ReadableStream<Uint8Array> | AsyncIterable<Buffer | string>) {
  let bytes = 0;
  let lines = 0;
  const count = (chunk: Uint8Array | string) => {
    const buf =
      typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    bytes += buf.byteLength;
    for (let i = buf.indexOf(0x0a); i !== -1; i = buf.indexOf(0x0a, i + 1)) lines++;
  };
  if (body instanceof ReadableStream) {
    const reader = body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) count(r.value);
  } else {
    for await (const chunk of body) count(chunk);
  }
  return { bytes, lines };
}

// ---- Part 2's child: `bench-export.ts --child stream|legacy <database url>` ----------------------

if (process.argv[2] === '--child') {
  const mode = process.argv[3] as 'stream' | 'legacy';
  const db = scopedDatabase(
    await createDatabase({ databaseUrl: process.argv[4]!, dataDir: 'memory://' }),
    officeScope(1),
  );
  // What the export holds is what survives a full collection (run with --expose-gc), sampled every
  // 5,000 rows; resident memory alone hides it behind what starting the process left committed.
  const gc = (globalThis as { gc?: () => void }).gc!;
  const held = () => (gc(), process.memoryUsage().heapUsed);
  const base = held();
  let peakHeld = base;
  let n = 0;
  async function* sampled<T>(rows: AsyncIterable<T>) {
    for await (const r of rows) {
      if (++n % 5000 === 0) peakHeld = Math.max(peakHeld, held());
      yield r;
    }
  }
  const start = performance.now();
  // The legacy way: one query answering every row, held while the file is written.
  const batch = mode === 'stream' ? undefined : ROWS + 1;
  const rows = sampled(registerCsvRows(db, 'new', { deleted: false }, batch));
  const { bytes, lines } = await drain(csvStream(REGISTER_CSV_HEADER, registerCsvCells(rows)));
  const ms = performance.now() - start;
  await baseOf(db).destroy();
  console.log(JSON.stringify({ ms, bytes, lines, peak: memoryOf('self').peak, held: peakHeld - base }));
  process.exit(0);
}

// ---- The benchmark ----------------------------------------------------------------------------

// Imported here, not above: the child needs none of the portal's app (bench-seed.ts builds it).
const { createBadcUser, createBenchDatabase, signIn, summarise, timeIt } = await import('./bench-seed.js');

/**
 * `count` applications of the register's new list (New and Existing) in one INSERT … SELECT, with
 * the form fields the export reads; stages as an office sees them, a quarter approved with a licence.
 */
async function seed(db: Database, count: number) {
  await sql`
    INSERT INTO applications (id, application_number, kind, content_hash, intake_status, fields, applicant_name,
      father_name, mobile, upazila, village, union_name, mouza, jl_number, dag_number, stage, seen_chairman, seen_uno,
      seen_badc, submitted_at, created_at, updated_at)
    SELECT gen_random_uuid(), block.first + g - 1, CASE WHEN g % 9 = 0 THEN 'Existing' ELSE 'New' END, md5(g::text), 'complete',
      jsonb_build_object('postOffice', 'কানসাট', 'khotian', (g % 900)::text, 'pumpType', 'electric',
        'wellClass', CASE WHEN g % 3 = 0 THEN 'shallow' ELSE 'deep' END, 'wellSize', '1.0'),
      'কৃষক ' || g, 'পিতা ' || g, '017' || lpad(g::text, 8, '0'), 'শিবগঞ্জ', 'গ্রাম ' || (g % 40),
      'ইউনিয়ন ' || (g % 15), 'মৌজা ' || (g % 60), (1 + g % 180)::text, (1 + (g * 37) % 5000)::text,
      stage, stage <> 'StepOne', stage NOT IN ('StepOne', 'StepTwo'), stage NOT IN ('StepOne', 'StepTwo', 'StepThree'),
      at, at, at
    FROM (
      SELECT g,
        CASE WHEN g % 100 < 25 THEN 'StepOne' WHEN g % 100 < 40 THEN 'StepTwo' WHEN g % 100 < 55 THEN 'StepThree'
          WHEN g % 100 < 70 THEN 'Pending' WHEN g % 100 < 75 THEN 'Decline' ELSE 'Approved' END AS stage,
        now() - (g * interval '5 minutes') AS at
      FROM generate_series(1, ${count}::int) AS g
    ) AS s, (SELECT take_office_numbers('application', ${count}) AS first) AS block
  `.execute(db);
  // Numbered as their applications: one default per row would cost the square of the rows.
  await sql`
    INSERT INTO licences (id, licence_number, application_id, term_years, is_testing, issued_on, valid_from, valid_to)
    SELECT gen_random_uuid(), application_number, id, 3, false, submitted_at::date, submitted_at::date,
      submitted_at::date + 1095
    FROM applications WHERE stage = 'Approved'
  `.execute(db);
  // Statistics and the visibility map, as autovacuum would have them on a settled database.
  await sql`VACUUM ANALYZE`.execute(baseOf(db));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The portal as `npm start` runs it (without the build), on the bench database. */
async function startPortal(url: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', SMS_DRIVER: 'log' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/public/settings`)).ok) break;
    } catch {
      if (i > 300) throw new Error('the portal did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: () => new Promise<void>((resolve) => (child.on('exit', () => resolve()), child.kill('SIGTERM'))),
  };
}

function runChild(mode: 'stream' | 'legacy', url: string) {
  return new Promise<{ ms: number; bytes: number; lines: number; peak: number; held: number }>((resolve, reject) => {
    const args = ['--expose-gc', '--import', 'tsx', 'scripts/bench-export.ts', '--child', mode, url];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_ROWS: String(ROWS) },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`child ${mode}: ${code}`)),
    );
  });
}

const s = (ms: number) => (ms / 1000).toFixed(2);
const mib = (bytes: number) => (bytes / MiB).toFixed(0);
const fmtMs = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

const bench = await createBenchDatabase('export');
try {
  const seedStart = performance.now();
  await seed(bench.db, ROWS);
  console.log(
    `PostgreSQL: seeded ${ROWS.toLocaleString('en')} applications in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ` +
      `Node ${process.version}, ${os.cpus().length} CPU, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const badc = await createBadcUser(bench.db);

  // 1. Over HTTP from the portal's own process.
  const portal = await startPortal(bench.url);
  try {
    const cookie = await signIn(portal.baseUrl, badc);
    const before = memoryOf(portal.pid);
    const runs: number[] = [];
    let size = { bytes: 0, lines: 0 };
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await fetch(`${portal.baseUrl}/api/staff/register/new/export.csv`, {
        headers: { cookie, 'accept-encoding': 'gzip' },
      });
      if (res.status !== 200) throw new Error(`the export answered ${res.status}: ${await res.text()}`);
      size = await drain(res.body!);
      runs.push(performance.now() - start);
    }
    if (size.lines !== ROWS + 1) throw new Error(`the export has ${size.lines} lines for ${ROWS} applications`);
    const after = memoryOf(portal.pid);
    console.log(
      `\n1. GET /api/staff/register/new/export.csv over HTTP (gzip), ${ROWS.toLocaleString('en')} rows, ` +
        `${(size.bytes / MiB).toFixed(1)} MiB of CSV\n`,
    );
    console.log('| time (median of 3) | each run | portal peak RSS before → after the downloads |');
    console.log('|---|---|---|');
    console.log(
      `| ${s(summarise(runs).median)} s | ${runs.map(s).join(', ')} s | ${mib(before.peak)} → ${mib(after.peak)} MiB |`,
    );

    // 3. List pages (asked here, while the portal runs).
    const pages: [string, string][] = [
      ['first page, newest first', 'pageSize=20'],
      ['a search ("কৃষক 4711")', `pageSize=20&q=${encodeURIComponent('কৃষক 4711')}`],
      ['stage Pending in one union', `pageSize=20&stage=Pending&union=${encodeURIComponent('ইউনিয়ন 7')}`],
      ['page 200 sorted by name', 'pageSize=20&page=200&sort=applicantName&dir=asc'],
    ];
    const pageRows: string[] = [];
    for (const [label, qs] of pages) {
      const ms = summarise(
        await timeIt(20, async () => {
          const res = await fetch(`${portal.baseUrl}/api/staff/register/new?${qs}`, { headers: { cookie } });
          if (res.status !== 200) throw new Error(`the list answered ${res.status}`);
          await res.arrayBuffer();
        }),
      );
      pageRows.push(`| ${label} | ${fmtMs(ms.median)} / ${fmtMs(ms.p95)} ms |`);
    }

    // 2. Like for like, each in a process of its own.
    const stream = await runChild('stream', bench.url);
    const legacy = await runChild('legacy', bench.url);
    console.log('\n2. The same rows written to nowhere, each way in a process of its own\n');
    console.log('| how | time | heap held at most (after a full GC, every 5,000 rows) | peak RSS of the process |');
    console.log('|---|---|---|---|');
    for (const [label, r] of [
      ['streamed, keyset batches of 1,000 (the portal)', stream],
      ['every row at once, then written (legacy)', legacy],
    ] as const)
      console.log(`| ${label} | ${s(r.ms)} s | ${(r.held / MiB).toFixed(1)} MiB | ${mib(r.peak)} MiB |`);

    console.log('\n3. Register list pages (GET over HTTP, with the stage counters), median / p95 of 20\n');
    console.log('| page | time |');
    console.log('|---|---|');
    for (const row of pageRows) console.log(row);
  } finally {
    await portal.stop();
  }
} finally {
  await bench.drop();
}
