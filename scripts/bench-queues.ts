/**
 * The officers' lists over 100,000 generated applications (docs/decisions/018-service-targets.md "Lists are paged, searched
 * and sorted in PostgreSQL"): one page as GET /api/staff/queues/:queue builds it (listQueue and the
 * role's counters, as the route runs them), against, in the same run, the legacy portal's way of
 * sending every row of the list and filtering, sorting and paging it in JavaScript (spec README
 * defect 4); then the same page end to end over HTTP as a signed-in BADC officer.
 * Run: `npm run bench:queues` (needs the local PostgreSQL server; BENCH_ROWS, BENCH_REPS to change).
 * Figures go to docs/BENCHMARKS.md.
 */
import os from 'node:os';
import zlib from 'node:zlib';
import { listQuerySchema, todayInDhaka, type QueueName } from '@portal/shared';
import type { Database } from '../server/src/platform/db/database.js';
import { countersFor, listQueue } from '../server/src/modules/requests/queue.repository.js';
import {
  createBadcUser,
  createBenchDatabase,
  planOf,
  seedApplications,
  signIn,
  startApp,
  summarise,
  timeIt,
} from './bench-seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REPS = Number(process.env.BENCH_REPS ?? 30);
const PAGE_SIZE = 20;

/** What the legacy portal sent for a list: every column of every row in it (spec 3 §2, README defect 4). */
const LEGACY_LIST: Partial<Record<QueueName, (db: Database) => Promise<unknown[]>>> = {
  pending: (db) =>
    db
      .selectFrom('applications')
      .selectAll()
      .where('intake_status', '=', 'complete')
      .where('stage', '=', 'Pending')
      .execute(),
  'chairman-unseen': (db) =>
    db
      .selectFrom('applications')
      .selectAll()
      .where('intake_status', '=', 'complete')
      .where('stage', '=', 'StepOne')
      .where('seen_chairman', '=', false)
      .execute(),
};

interface LegacyRow {
  application_number: number;
  applicant_name: string;
  mobile: string;
  upazila: string;
  village: string;
  union_name: string;
  mouza: string;
  jl_number: string;
  dag_number: string;
  submitted_at: string;
}

/** The legacy list: fetch all, serialise for the browser, then search, sort and page there. */
async function legacyPage(db: Database, queue: QueueName, q: string | undefined) {
  const body = JSON.stringify(await LEGACY_LIST[queue]!(db));
  const all = JSON.parse(body) as LegacyRow[];
  const needle = q?.toLowerCase();
  const hits = needle
    ? all.filter((r) =>
        [
          r.application_number,
          r.applicant_name,
          r.mobile,
          r.upazila,
          r.village,
          r.union_name,
          r.mouza,
          r.jl_number,
          r.dag_number,
        ]
          .join(' ')
          .toLowerCase()
          .includes(needle),
      )
    : all;
  hits.sort((a, b) => b.submitted_at.localeCompare(a.submitted_at) || b.application_number - a.application_number);
  return { total: hits.length, rows: hits.slice(0, PAGE_SIZE), bytes: body.length };
}

/** The plan of the query that reads the page's rows (the one with a LIMIT). */
const pagePlan = (db: Database, run: (db: Database) => Promise<unknown>) =>
  planOf(db, run, (nodes) => nodes.find((n) => n.kind === 'SelectQueryNode' && 'limit' in n && n.limit));

/** A search that matches one row of the list (a full mobile number), and two that match many. */
async function searchesIn(db: Database, queue: QueueName): Promise<{ label: string; q: string | undefined }[]> {
  const all = (await LEGACY_LIST[queue]!(db)) as LegacyRow[];
  const mobile = all[Math.floor(all.length / 2)]!.mobile;
  return [
    { label: 'no search', q: undefined },
    { label: `a mobile number (“${mobile}”)`, q: mobile },
    { label: 'a village (“কানসাট”)', q: 'কানসাট' },
    { label: 'a surname (“উদ্দিন”)', q: 'উদ্দিন' },
  ];
}

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

const bench = await createBenchDatabase('queues');
try {
  const seedStart = performance.now();
  await seedApplications(bench.db, ROWS);
  console.log(
    `Seeded ${ROWS.toLocaleString('en')} applications in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const today = todayInDhaka(new Date());

  console.log(`\nOne page of ${PAGE_SIZE}, ${REPS} runs each (after 3 warm-up runs), times in ms\n`);
  console.log(
    '| list | search | matches | page query (listQueue): median / p95 | as the route runs it (+ role counters): median / p95 | legacy: median / p95 | legacy ÷ page query | legacy ÷ route | legacy payload |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const plans: string[] = [];
  for (const queue of ['pending', 'chairman-unseen'] as const) {
    for (const { label, q } of await searchesIn(bench.db, queue)) {
      const query = listQuerySchema.parse({ pageSize: PAGE_SIZE, q });
      const ours = (db: Database) => Promise.all([listQueue(db, queue, query, today), countersFor(db, 'BADC')]);
      const [page] = await ours(bench.db);
      const legacy = await legacyPage(bench.db, queue, query.q);
      if (legacy.total !== page.total)
        throw new Error(`legacy found ${legacy.total}, ours ${page.total} (${queue}, ${label})`);
      const listMs = summarise(await timeIt(REPS, () => listQueue(bench.db, queue, query, today)));
      const oursMs = summarise(await timeIt(REPS, () => ours(bench.db)));
      const legacyMs = summarise(await timeIt(REPS, () => legacyPage(bench.db, queue, query.q)));
      const gzipKiB = zlib.gzipSync(JSON.stringify(await LEGACY_LIST[queue]!(bench.db))).byteLength / 1024;
      console.log(
        `| ${queue} | ${label} | ${page.total.toLocaleString('en')} | ${fmt(listMs.median)} / ${fmt(listMs.p95)} | ` +
          `${fmt(oursMs.median)} / ${fmt(oursMs.p95)} | ${fmt(legacyMs.median)} / ${fmt(legacyMs.p95)} | ` +
          `${(legacyMs.median / listMs.median).toFixed(0)}× | ${(legacyMs.median / oursMs.median).toFixed(0)}× | ` +
          `${(legacy.bytes / 1024 / 1024).toFixed(1)} MiB (${gzipKiB.toFixed(0)} KiB gzip) |`,
      );
      plans.push(`${queue}, ${label}: ${await pagePlan(bench.db, (db) => listQueue(db, queue, query, today))}`);
    }
  }
  console.log('\nPlans of the page query (EXPLAIN ANALYZE):');
  for (const p of plans) console.log(`- ${p}`);

  // End to end: the officer's browser asking the running app for the page.
  const app = await startApp(bench.db);
  try {
    const cookie = await signIn(app.baseUrl, await createBadcUser(bench.db));
    console.log(`\nGET /api/staff/queues/pending over HTTP (127.0.0.1, signed-in BADC), ${REPS} runs, ms\n`);
    console.log('| search | median | p95 | page payload |');
    console.log('|---|---|---|---|');
    for (const { label, q } of await searchesIn(bench.db, 'pending')) {
      const url = `${app.baseUrl}/api/staff/queues/pending?pageSize=${PAGE_SIZE}${q ? `&q=${encodeURIComponent(q)}` : ''}`;
      const page = await (await fetch(url, { headers: { cookie } })).text();
      const payload = `${(Buffer.byteLength(page) / 1024).toFixed(1)} KiB (${(zlib.gzipSync(page).byteLength / 1024).toFixed(1)} KiB gzip)`;
      const ms = summarise(
        await timeIt(REPS, async () => {
          const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'gzip' } });
          if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
          await res.arrayBuffer();
        }),
      );
      console.log(`| ${label} | ${fmt(ms.median)} | ${fmt(ms.p95)} | ${payload} |`);
    }
  } finally {
    await app.close();
  }
  console.log(
    `\n${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
  );
} finally {
  await bench.drop();
}
