/**
 * The API under load (docs/decisions/018-service-targets.md "The API under load"): requests per second and p50/p99 latency
 * of a citizen's status look-up and an officer's searched queue page (autocannon, 10 connections,
 * 10 s each), and of a submission with its six files (POST /api/applications, then one PUT per file,
 * as the phone's outbox sends them; 10 phones at once for 10 s). The portal runs as its own process
 * (server/src/main.ts, workers included) on 127.0.0.1 over a seeded PostgreSQL database.
 * Run: `npm run bench:api` (BENCH_ROWS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_FILE_KIB to change).
 * Figures go to docs/BENCHMARKS.md.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { CITIZEN_GRANT_COOKIE, KIND_SLOTS } from '@portal/shared';
import { freePort } from '../e2e/lib/portal.js';
import { hashGrantToken } from '../server/src/platform/http/citizen-grant.js';
import { jpegBytes, validFields } from '../server/src/modules/applications/intake-fixtures.js';
import { createBadcUser, createBenchDatabase, seedApplications, signIn, summarise } from './bench-seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FILE_BYTES = Number(process.env.BENCH_FILE_KIB ?? 50) * 1024;
/** A cap on the submissions of one run, whatever the speed of the machine. */
const MAX_SUBMISSIONS = 5_000;
const repoRoot = path.resolve(import.meta.dirname, '..');

/** The real portal process on a free port of 127.0.0.1, talking to the bench database. */
async function startPortal(databaseUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn('node', ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMS_DRIVER: 'log',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start:\n${log.join('')}`)), 60_000);
    child.stdout.on('data', (b: Buffer) => {
      if (log.length < 50) log.push(b.toString());
      if (b.toString().includes('Portal running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (b: Buffer) => log.push(b.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portal exited with ${code}:\n${log.join('')}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A citizen's verified grant for one application, stored as the verification feature stores it. */
async function grantCookie(db: Awaited<ReturnType<typeof createBenchDatabase>>['db']): Promise<string> {
  const app = await db
    .selectFrom('applications')
    .select('id')
    .where('stage', '=', 'Approved')
    .orderBy('application_number')
    .executeTakeFirstOrThrow();
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('citizen_grants')
    .values({
      token_hash: hashGrantToken(token),
      application_id: app.id,
      purpose: 1,
      expires_at: new Date(Date.now() + 3600_000),
      created_at: new Date(),
    })
    .execute();
  return `${CITIZEN_GRANT_COOKIE}=${token}`;
}

/** A JPEG or a PDF of about `size` bytes, each with random bytes so that no two files are alike. */
function fileOf(type: 'jpeg' | 'pdf', size: number): { bytes: Buffer; mime: string } {
  if (type === 'pdf') {
    const head = Buffer.from('%PDF-1.4\n%');
    const tail = Buffer.from('\n%%EOF\n');
    const filler = Buffer.from(
      crypto
        .randomBytes(size)
        .toString('base64')
        .slice(0, size - head.length - tail.length),
    );
    return { bytes: Buffer.concat([head, filler, tail]), mime: 'application/pdf' };
  }
  // A real (tiny) JPEG that decodes (the server opens every picture, decision 016), padded after
  // its SOI marker with comment segments of random bytes to the size asked for.
  const picture = Buffer.from(jpegBytes(crypto.randomInt(1_000_000)));
  const parts = [picture.subarray(0, 2)];
  for (let left = size - picture.byteLength; left > 4;) {
    const chunk = Math.min(left - 4, 65_000);
    left -= chunk + 4;
    const len = Buffer.alloc(2);
    len.writeUInt16BE(chunk + 2);
    parts.push(Buffer.from([0xff, 0xfe]), len, crypto.randomBytes(chunk));
  }
  parts.push(picture.subarray(2));
  return { bytes: Buffer.concat(parts), mime: 'image/jpeg' };
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/**
 * Each simulated phone comes from its own address, as real phones do: one address may submit only
 * so many applications an hour (docs/decisions/015). The portal trusts one proxy hop for the bench
 * (TRUST_PROXY=1); the addresses are in 198.18.0.0/15, the range set aside for benchmarks (RFC 2544).
 */
const phoneAddress = (n: number) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;

/** One phone's submission: the form with its manifest, then each file; the milliseconds of each request. */
async function submitOne(baseUrl: string, n: number, requestMs: number[]): Promise<void> {
  const files = KIND_SLOTS.New.map((slot, i) => ({
    slot,
    ...fileOf(slot === 'photo' || slot === 'signature' || i % 2 ? 'jpeg' : 'pdf', FILE_BYTES),
  }));
  const clientId = crypto.randomUUID();
  const body = {
    clientId,
    kind: 'New',
    fields: validFields({ mobile: `017${String(10_000_000 + n).slice(-8)}` }),
    files: files.map((f) => ({
      slot: f.slot,
      size: f.bytes.byteLength,
      sha256: sha256(f.bytes),
      mime: f.mime,
      name: `${f.slot}.bin`,
    })),
  };
  const timed = async (url: string, init: RequestInit, expected: number) => {
    const start = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    requestMs.push(performance.now() - start);
    if (res.status !== expected) throw new Error(`${init.method} ${url} answered ${res.status}`);
  };
  await timed(
    `${baseUrl}/api/intake/new`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': phoneAddress(n) },
      body: JSON.stringify(body),
    },
    201,
  );
  for (const [i, f] of files.entries()) {
    await timed(
      `${baseUrl}/api/intake/new/${clientId}/files/${f.slot}`,
      {
        method: 'PUT',
        headers: { 'content-type': f.mime, 'x-file-name': `${f.slot}.bin`, 'x-file-sha256': body.files[i]!.sha256 },
        body: new Uint8Array(f.bytes),
      },
      201,
    );
  }
}

/** `CONNECTIONS` phones submitting one after another for `SECONDS` (at most MAX_SUBMISSIONS in all). */
async function submissionLoad(baseUrl: string) {
  const requestMs: number[] = [];
  const submissionMs: number[] = [];
  let started = 0;
  const until = performance.now() + SECONDS * 1000;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until && started < MAX_SUBMISSIONS) {
        const n = started++;
        const start = performance.now();
        await submitOne(baseUrl, n, requestMs);
        submissionMs.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  return { seconds, submissions: submissionMs.length, requests: requestMs.length, requestMs, submissionMs };
}

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));
const row = (label: string, r: Result) =>
  `| ${label} | ${fmt(r.requests.average)} | ${fmt(r.latency.p50)} | ${fmt(r.latency.p99)} | ${r.requests.total.toLocaleString('en')} | ${r.non2xx + r.errors + r.timeouts} |`;

const bench = await createBenchDatabase('api');
try {
  await seedApplications(bench.db, ROWS);
  const badc = await createBadcUser(bench.db);
  const grant = await grantCookie(bench.db);
  const portal = await startPortal(bench.url);
  try {
    const staff = await signIn(portal.url, badc);
    const cases: { label: string; url: string; cookie: string }[] = [
      {
        label: 'status look-up: GET /api/citizen/application (grant cookie)',
        url: '/api/citizen/application',
        cookie: grant,
      },
      {
        label: 'queue page with a search: GET /api/staff/queues/pending?q=কানসাট (BADC)',
        url: `/api/staff/queues/pending?pageSize=20&q=${encodeURIComponent('কানসাট')}`,
        cookie: staff,
      },
    ];
    console.log(`${ROWS.toLocaleString('en')} applications; ${CONNECTIONS} connections, ${SECONDS} s per case\n`);
    console.log('| case | requests/s | p50 ms | p99 ms | requests | failed |');
    console.log('|---|---|---|---|---|---|');
    for (const c of cases) {
      const check = await fetch(portal.url + c.url, { headers: { cookie: c.cookie } });
      if (check.status !== 200) throw new Error(`${c.url} answered ${check.status}: ${await check.text()}`);
      const result = await autocannon({
        url: portal.url + c.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie: c.cookie, 'accept-encoding': 'gzip' },
      });
      console.log(row(c.label, result));
    }

    const completeCount = async () =>
      (
        await bench.db
          .selectFrom('applications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('intake_status', '=', 'complete')
          .executeTakeFirstOrThrow()
      ).n;
    const before = await completeCount();
    const load = await submissionLoad(portal.url);
    // Every submission must have ended complete (all six files held), or the figures mean nothing.
    const completed = (await completeCount()) - before;
    if (completed !== load.submissions) throw new Error(`${load.submissions} submitted, ${completed} complete`);
    const perRequest = summarise(load.requestMs);
    const perSubmission = summarise(load.submissionMs);
    const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.99) - 1]!;
    console.log(
      `| submission with files: POST /api/applications + 6 PUTs of ${FILE_BYTES / 1024} KiB (one request) | ` +
        `${fmt(load.requests / load.seconds)} | ${fmt(perRequest.median)} | ${fmt(p99(load.requestMs))} | ${load.requests.toLocaleString('en')} | 0 |`,
    );
    console.log(
      `| submission with files: the whole submission (7 requests) | ${fmt(load.submissions / load.seconds)} submissions/s | ` +
        `${fmt(perSubmission.median)} | ${fmt(p99(load.submissionMs))} | ${load.submissions.toLocaleString('en')} submissions | 0 |`,
    );
    console.log(`\nEvery one of the ${load.submissions} submissions ended complete (checked in the database).`);
  } finally {
    await portal.stop();
  }
  console.log(
    `\n${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
  );
} finally {
  await bench.drop();
}
