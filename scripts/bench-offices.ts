/**
 * Every upazila office on one deployment (docs/decisions/057-offices.md, issue 22): 494 offices ×
 * 1,000 applications, against one office of 1,000 (what an office holds today), in the same run.
 *
 * - For a sample of offices, the officer's queue page (listQueue with the role's counters, as
 *   GET /api/staff/queues/:queue runs them), the register (listRegister) with and without a search,
 *   and the live map's box query (wellsInBox) over an upazila-sized box around the office's wells.
 *   Each runs in the office's scope exactly as a request does: scopedDatabase(db, officeScope(id)),
 *   so as `portal_app` under row-level security and with the explicit office filter. Target: the
 *   national median within 1.5× of the single office's.
 * - A district dashboard: the dashboard's count queries (adminCounts, chartCounts) in a scope of
 *   all the offices of one district, for every district. Target: under 1 s.
 *
 * Run: `npm run bench:offices` (the local PostgreSQL server, BENCH_DATABASE_ADMIN_URL as in
 * bench-seed.ts; two temporary databases, dropped at the end). BENCH_OFFICES (494), BENCH_ROWS
 * (1,000 per office), BENCH_SAMPLE (20 offices), BENCH_REPS (5 runs per office and case),
 * BENCH_SEED (which offices) change the defaults; BENCH_PLANS=1 prints every plan in full.
 * Figures go to docs/BENCHMARKS.md.
 */
import os from 'node:os';
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { boxAround, can, listQuerySchema, todayInDhaka, type MapQuery } from '@portal/shared';
import { registerQuerySchema } from '@portal/shared/schemas/register';
import type { Database } from '../server/src/platform/db/database.js';
import { baseOf, officeScope, scopedDatabase, type OfficeScope } from '../server/src/platform/db/office-scope.js';
import { adminCounts, chartCounts } from '../server/src/modules/dashboard/dashboard.repository.js';
import { wellsInBox } from '../server/src/modules/map/map.repository.js';
import { listRegister } from '../server/src/modules/register/register.repository.js';
import { countersFor, listQueue } from '../server/src/modules/requests/queue.repository.js';
import {
  createBenchDatabase,
  Recorder,
  seedApplications,
  summarise,
  timeIt,
  type BenchDatabase,
  type SeedOffice,
} from './bench-seed.js';

const OFFICES = Number(process.env.BENCH_OFFICES ?? 494);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 20);
const REPS = Number(process.env.BENCH_REPS ?? 5);
const SEED = Number(process.env.BENCH_SEED ?? 22);
const FULL_PLANS = process.env.BENCH_PLANS === '1';
const TARGET_RATIO = 1.5;
const DASHBOARD_TARGET_MS = 1_000;

interface PlacedOffice extends SeedOffice {
  districtId: number;
  districtEn: string;
}

/**
 * Opens offices 1..count from the country's list (office id = upazila id; office 1, which every
 * new database has, is renamed to the first upazila), each with its settings row, and places each
 * on a grid of 0.2° around its district's centre, so neighbouring upazilas' wells overlap at their
 * edges as real ones do.
 */
async function openOffices(base: Database, count: number): Promise<PlacedOffice[]> {
  const from = sql`(SELECT id, name_bn, name_en, CASE WHEN website ~ '^[A-Za-z0-9.-]+$' THEN lower(website) END AS host
    FROM upazilas WHERE id <= ${count}) AS u`;
  await sql`UPDATE offices o SET upazila_id = u.id, name_bn = u.name_bn, name_en = u.name_en, host = u.host,
    code = 'u' || u.id FROM ${from} WHERE o.id = 1 AND u.id = 1`.execute(base);
  await sql`INSERT INTO offices (id, upazila_id, name_bn, name_en, host, code)
    SELECT id, id, name_bn, name_en, host, 'u' || id FROM ${from} WHERE id > 1`.execute(base);
  await sql`SELECT setval('offices_id_seq', (SELECT max(id) FROM offices))`.execute(base);
  await sql`INSERT INTO site_settings (office_id, id, data)
    SELECT id, 1, '{}'::jsonb FROM offices WHERE id NOT IN (SELECT office_id FROM site_settings)`.execute(base);
  const rows = await sql<{
    id: number;
    name_bn: string;
    district_id: number;
    district_en: string;
    lat: number;
    lon: number;
    rank: number;
    size: number;
  }>`SELECT o.id, o.name_bn, d.id AS district_id, d.name_en AS district_en, d.lat, d.lon,
      (row_number() OVER (PARTITION BY d.id ORDER BY u.id))::int - 1 AS rank,
      (SELECT count(*)::int FROM upazilas x WHERE x.district_id = d.id) AS size
    FROM offices o JOIN upazilas u ON u.id = o.upazila_id JOIN districts d ON d.id = u.district_id
    ORDER BY o.id`.execute(base);
  return rows.rows.map((r) => {
    const side = Math.ceil(Math.sqrt(r.size));
    const [row, col] = [Math.floor(r.rank / side), r.rank % side];
    return {
      id: r.id,
      upazila: r.name_bn,
      districtId: r.district_id,
      districtEn: r.district_en,
      latitude: r.lat + 0.2 * (row - (side - 1) / 2),
      longitude: r.lon + 0.2 * (col - (side - 1) / 2),
    };
  });
}

/** A small seeded generator (mulberry32), so BENCH_SEED names the same sample on every run. */
function sampler(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a case needs of the office it runs in. */
interface Place {
  db: Database;
  office: PlacedOffice;
  /** A mobile number of one of its applications (a search that finds one row). */
  mobile: string;
}

const today = todayInDhaka(new Date());
const SURNAME = 'উদ্দিন';
const pending = (q?: string) => listQuerySchema.parse({ pageSize: 20, q });
const register = (q?: string) => registerQuerySchema.parse({ pageSize: 20, q });
// What BADC's register page asks for: the deleted count only for a role that may restore.
const countDeleted = can('BADC', 'register.restore');

const CASES: { label: string; run: (p: Place) => Promise<unknown> }[] = [
  {
    label: 'queue page: pending, no search (listQueue + countersFor)',
    run: ({ db }) => Promise.all([listQueue(db, 'pending', pending(), today), countersFor(db, 'BADC')]),
  },
  {
    label: `queue page: pending, a surname (“${SURNAME}”)`,
    run: ({ db }) => Promise.all([listQueue(db, 'pending', pending(SURNAME), today), countersFor(db, 'BADC')]),
  },
  {
    label: 'register: new, first page (listRegister)',
    run: ({ db }) => listRegister(db, 'new', register(), { countDeleted }),
  },
  {
    label: 'register search: a mobile number',
    run: ({ db, mobile }) => listRegister(db, 'new', register(mobile), { countDeleted }),
  },
  {
    label: `register search: a surname (“${SURNAME}”)`,
    run: ({ db }) => listRegister(db, 'new', register(SURNAME), { countDeleted }),
  },
  {
    label: 'map: upazila box (~30 km, zoom 11; wellsInBox)',
    run: ({ db, office }) => wellsInBox(db, mapBox(office), { today, role: 'BADC' }),
  },
];

/** A box of about 30 × 30 km centred on the office's wells, at the zoom a phone shows it at. */
const mapBox = (office: PlacedOffice): MapQuery => ({
  bbox: boxAround(office, 15_000) as never,
  zoom: 11,
});

async function placeIn(base: Database, office: PlacedOffice): Promise<Place> {
  const db = scopedDatabase(base, officeScope(office.id));
  const row = await db
    .selectFrom('applications')
    .select('mobile')
    .where('application_number', '=', Math.ceil(ROWS / 2))
    .executeTakeFirstOrThrow();
  return { db, office, mobile: row.mobile };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every query `run` makes, in the scope of `db` (so under the
 * policy, as the server runs it): the lines that say how rows were found and what it cost, or
 * every line with BENCH_PLANS=1.
 */
async function plansOf(db: Database, run: (db: Database) => Promise<unknown>, full = FULL_PLANS): Promise<string[]> {
  const recorder = new Recorder();
  await run(db.withPlugin(recorder));
  const out: string[] = [];
  for (const node of recorder.nodes) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: 'bench' });
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, [...compiled.parameters]),
    );
    const lines = plan.rows.map((r) => r['QUERY PLAN']);
    if (full) {
      out.push(`${compiled.sql.replace(/\s+/g, ' ').slice(0, 160)}…`, ...lines.map((l) => `    ${l}`));
      continue;
    }
    const scans = lines
      .map((l) =>
        /(Bitmap Index Scan on|Index Scan(?: Backward)? using|Index Only Scan using|Seq Scan on) (\w+)/.exec(l),
      )
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => `${m[1]!.replace(/ (on|using)$/, '')} ${m[2]}`);
    const buffers = lines.find((l) => l.trim().startsWith('Buffers:'))?.trim();
    const time = lines.find((l) => l.startsWith('Execution Time'))?.trim();
    out.push(`${[...new Set(scans)].join(', ') || '(no table)'}; ${buffers ?? 'no buffers'}; ${time}`);
  }
  return out;
}

/** The plan PostgreSQL would choose (EXPLAIN, not run) for the first query `run` makes: the query is stopped before it runs. */
async function chosenPlan(db: Database, run: (db: Database) => Promise<unknown>): Promise<string[]> {
  const recorder = new Recorder();
  const stop = new Error('planned only');
  const halt: KyselyPlugin = {
    transformQuery: (args) => {
      recorder.transformQuery(args);
      throw stop;
    },
    transformResult: async (args) => args.result,
  };
  await run(db.withPlugin(halt)).catch((error: unknown) => {
    if (error !== stop) throw error;
  });
  const compiled = db.getExecutor().compileQuery(recorder.nodes[0]!, { queryId: 'bench' });
  const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
  );
  return plan.rows.map((r) => r['QUERY PLAN']).filter((l) => /Scan|Filter|Cond/.test(l));
}

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const started = performance.now();
const databases: BenchDatabase[] = [];
try {
  const national = await createBenchDatabase('offices');
  databases.push(national);
  const single = await createBenchDatabase('office1');
  databases.push(single);
  const nationalBase = baseOf(national.db);
  const singleBase = baseOf(single.db);

  // Seeded as the owner (one INSERT for the whole country); measured as the offices' requests run.
  let at = performance.now();
  const offices = await openOffices(nationalBase, OFFICES);
  await seedApplications(nationalBase, ROWS, offices);
  console.log(
    `National: ${offices.length} offices × ${ROWS.toLocaleString('en')} applications seeded (with VACUUM ANALYZE) in ${seconds(at)}`,
  );
  at = performance.now();
  const [office1] = await openOffices(singleBase, 1);
  await seedApplications(singleBase, ROWS, [office1!]);
  console.log(`Single office: 1 × ${ROWS.toLocaleString('en')} applications seeded in ${seconds(at)}`);

  const [{ server_version: version }] = (
    await sql<{ server_version: string }>`SHOW server_version`.execute(nationalBase)
  ).rows as [{ server_version: string }];
  const sizes = await sql<{ rows: number; size: string }>`SELECT count(*)::int AS rows,
      pg_size_pretty(pg_total_relation_size('applications')) AS size FROM applications`.execute(nationalBase);

  // The wall is on: a scoped query runs as portal_app and sees its own office only.
  const home = await placeIn(nationalBase, offices[0]!);
  const seen = await sql<{ who: string; n: number }>`SELECT current_user AS who,
      (SELECT count(*)::int FROM applications) AS n`.execute(home.db);
  if (seen.rows[0]?.who !== 'portal_app' || seen.rows[0]?.n !== ROWS)
    throw new Error(`the scope is not the server's: ${JSON.stringify(seen.rows[0])}`);

  const next = sampler(SEED);
  const sample: PlacedOffice[] = [];
  while (sample.length < Math.min(SAMPLE, offices.length)) {
    const pick = offices[Math.floor(next() * offices.length)]!;
    if (!sample.includes(pick)) sample.push(pick);
  }
  const baseline = await placeIn(singleBase, office1!);

  console.log(
    `\nApplications table: ${sizes.rows[0]!.rows.toLocaleString('en')} rows, ${sizes.rows[0]!.size} with its indexes.`,
  );
  console.log(
    `Sample (BENCH_SEED=${SEED}): offices ${sample.map((o) => o.id).join(', ')}; each case ${REPS} runs per office ` +
      `after 2 warm-ups, national and single office interleaved.\n`,
  );

  // Per case, every sampled office's runs, the single office's runs alongside them.
  const times = CASES.map(() => ({ national: [] as number[], single: [] as number[] }));
  for (const office of sample) {
    const place = await placeIn(nationalBase, office);
    for (const [i, c] of CASES.entries()) {
      await timeIt(0, () => c.run(place), 2);
      await timeIt(0, () => c.run(baseline), 2);
      for (let r = 0; r < REPS; r++) {
        times[i]!.national.push(...(await timeIt(1, () => c.run(place), 0)));
        times[i]!.single.push(...(await timeIt(1, () => c.run(baseline), 0)));
      }
    }
  }

  console.log(
    `| case | single office: median / p95 ms | ${offices.length} offices: median / p95 ms | ratio of medians | ratio of p95 |`,
  );
  console.log('|---|---|---|---|---|');
  const missed: number[] = [];
  for (const [i, c] of CASES.entries()) {
    const s = summarise(times[i]!.single);
    const n = summarise(times[i]!.national);
    const ratio = n.median / s.median;
    if (ratio > TARGET_RATIO) missed.push(i);
    console.log(
      `| ${c.label} | ${fmt(s.median)} / ${fmt(s.p95)} | ${fmt(n.median)} / ${fmt(n.p95)} | ` +
        `${ratio.toFixed(2)}×${ratio > TARGET_RATIO ? ' (over 1.5×)' : ''} | ${(n.p95 / s.p95).toFixed(2)}× |`,
    );
  }

  console.log(`\nPlans (EXPLAIN (ANALYZE, BUFFERS) in the office's scope; national: office ${sample[0]!.id}):`);
  const planPlace = await placeIn(nationalBase, sample[0]!);
  for (const [i, c] of CASES.entries()) {
    const full = FULL_PLANS || missed.includes(i);
    console.log(`- ${c.label}`);
    for (const [label, place] of [
      ['single', baseline],
      ['national', planPlace],
    ] as const) {
      const plans = await plansOf(place.db, (db) => c.run({ ...place, db }), full);
      for (const p of plans) console.log(`    ${label}: ${p}`);
    }
  }

  // The dashboards over a district: every office of it in one scope, no office for new rows.
  const byDistrict = new Map<number, PlacedOffice[]>();
  for (const o of offices) byDistrict.set(o.districtId, [...(byDistrict.get(o.districtId) ?? []), o]);
  const dashboard = async (db: Database) => {
    const t0 = performance.now();
    await adminCounts(db, today);
    const t1 = performance.now();
    await chartCounts(db, today);
    const t2 = performance.now();
    return { cards: t1 - t0, charts: t2 - t1, both: t2 - t0 };
  };
  const timeDashboard = async (db: Database, runs: number, warmup = true) => {
    if (warmup) await dashboard(db);
    const out: Awaited<ReturnType<typeof dashboard>>[] = [];
    for (let r = 0; r < runs; r++) out.push(await dashboard(db));
    return {
      cards: summarise(out.map((o) => o.cards)),
      charts: summarise(out.map((o) => o.charts)),
      both: summarise(out.map((o) => o.both)),
    };
  };
  const scopeOf = (list: PlacedOffice[]): OfficeScope => ({ officeIds: list.map((o) => o.id), officeId: null });

  const perDistrict: { district: string; offices: number; both: number }[] = [];
  for (const list of byDistrict.values()) {
    const ms = await timeDashboard(scopedDatabase(nationalBase, scopeOf(list)), 3);
    perDistrict.push({ district: list[0]!.districtEn, offices: list.length, both: ms.both.median });
  }
  perDistrict.sort((a, b) => b.both - a.both);
  const largest = [...byDistrict.values()].sort((a, b) => b.length - a.length)[0]!;
  const largestMs = await timeDashboard(scopedDatabase(nationalBase, scopeOf(largest)), 10);
  const oneMs = await timeDashboard(baseline.db, 10);
  // Once, unwarmed: its plan can take tens of seconds (docs/BENCHMARKS.md, "494 offices on one deployment").
  const nationalDb = scopedDatabase(nationalBase, scopeOf(offices));
  const nationalPlan = await chosenPlan(nationalDb, (db) => adminCounts(db, today));
  const allMs = await timeDashboard(nationalDb, 1, false);

  console.log('\nDashboard counts (adminCounts, then chartCounts), median / p95 ms\n');
  console.log('| scope | applications | cards (adminCounts) | charts (chartCounts) | both |');
  console.log('|---|---|---|---|---|');
  const line = (label: string, apps: number, ms: typeof largestMs) =>
    console.log(
      `| ${label} | ${apps.toLocaleString('en')} | ${fmt(ms.cards.median)} / ${fmt(ms.cards.p95)} | ` +
        `${fmt(ms.charts.median)} / ${fmt(ms.charts.p95)} | ${fmt(ms.both.median)} / ${fmt(ms.both.p95)} |`,
    );
  line('one office (single-office database)', ROWS, oneMs);
  line(
    `district ${largest[0]!.districtEn} (${largest.length} offices, the largest), 10 runs`,
    largest.length * ROWS,
    largestMs,
  );
  line(`every office (${offices.length}), one run`, offices.length * ROWS, allMs);
  const medians = perDistrict.map((d) => d.both);
  console.log(
    `\nEvery district (${perDistrict.length}, 3 runs each), both counts: median of the districts ` +
      `${fmt(summarise(medians).median)} ms, slowest ${perDistrict[0]!.district} (${perDistrict[0]!.offices} offices) ` +
      `${fmt(perDistrict[0]!.both)} ms; ${perDistrict.filter((d) => d.both >= DASHBOARD_TARGET_MS).length} over 1 s.`,
  );
  console.log(`\nThe plan chosen for the cards' first count over every office (EXPLAIN, before the run):`);
  for (const l of nationalPlan) console.log(`    ${l.trim()}`);
  console.log(`\nPlans of the district dashboard (${largest[0]!.districtEn}):`);
  const districtDb = scopedDatabase(nationalBase, scopeOf(largest));
  for (const p of await plansOf(districtDb, (db) => adminCounts(db, today))) console.log(`    cards: ${p}`);
  for (const p of await plansOf(districtDb, (db) => chartCounts(db, today))) console.log(`    charts: ${p}`);

  const load = os.loadavg().map((l) => l.toFixed(1));
  console.log(
    `\n${new Date().toISOString()}, node ${process.version}, PostgreSQL ${version}, nproc ${os.availableParallelism()} × ` +
      `${os.cpus()[0]?.model ?? 'CPU'}, load average ${load.join(' / ')}; whole run ${seconds(started)}`,
  );
} finally {
  for (const d of databases) await d.drop();
}
