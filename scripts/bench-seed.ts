/**
 * Shared set-up of the server benchmarks (scripts/bench-queues.ts, scripts/bench-api.ts): a fresh
 * database on the local PostgreSQL server, migrated and filled with generated complete applications
 * spread over the review stages, a signed-in BADC officer, and the app itself on 127.0.0.1.
 * Everything is dropped again at the end; nothing leaves the machine.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import pg from 'pg';
import { createApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/platform/config.js';
import { createDatabase, type Database } from '../server/src/platform/db/database.js';
import { migrateToLatest } from '../server/src/platform/db/migrator.js';
import { insertUser } from '../server/src/modules/auth/users.repository.js';
import { baseOf, officeScope, scopedDatabase } from '../server/src/platform/db/office-scope.js';
import { hashPassword } from '../server/src/modules/auth/password.js';

const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/test';

export interface BenchDatabase {
  db: Database;
  name: string;
  /** Connection string of the new database (for a portal started as its own process). */
  url: string;
  drop(): Promise<void>;
}

/** CREATE DATABASE bench_<prefix>_<random>, migrated to the latest schema. */
export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const name = `bench_${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const base = await createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  await migrateToLatest(base);
  // Seeded and measured as the office's requests are: scoped to office 1, row-level security on.
  const db = scopedDatabase(base, officeScope(1));
  return {
    db,
    name,
    url: url.toString(),
    async drop() {
      await base.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const FIRST = [
  'রহিম',
  'করিম',
  'আব্দুল',
  'মোহাম্মদ',
  'জসিম',
  'সেলিম',
  'নুরুল',
  'আমিনুল',
  'রফিকুল',
  'শফিকুল',
  'মিজানুর',
  'হাবিবুর',
  'আনোয়ার',
  'জাহাঙ্গীর',
  'মোস্তফা',
  'কামরুল',
  'সাইফুল',
  'তরিকুল',
  'আলমগীর',
  'শহিদুল',
];
const LAST = ['উদ্দিন', 'ইসলাম', 'হোসেন', 'রহমান', 'আলী', 'মিয়া', 'সরকার', 'মন্ডল', 'প্রামানিক', 'শেখ', 'বিশ্বাস', 'খান'];
const VILLAGES = [
  'কানসাট',
  'বিনোদপুর',
  'শ্যামপুর',
  'মোবারকপুর',
  'দাদনচক',
  'চককীর্তি',
  'ধাইনগর',
  'পাঁকা',
  'উজিরপুর',
  'ঘোড়াপাখিয়া',
  'নয়ালাভাঙ্গা',
  'সুন্দরপুর',
  'রানীহাটি',
  'শাহবাজপুর',
  'মনাকষা',
  'দুর্লভপুর',
  'ছত্রাজিতপুর',
  'তেররশিয়া',
  'আজমতপুর',
  'হাউসনগর',
  'রসুলপুর',
  'বাজিতপুর',
  'গোপালনগর',
  'ইসলামপুর',
  'চাঁদপুর',
  'মহারাজপুর',
  'বালিয়াডাঙ্গা',
  'কালুপুর',
  'নারায়নপুর',
  'হরিপুর',
  'লক্ষীপুর',
  'দৌলতপুর',
  'রামচন্দ্রপুর',
  'গোবিন্দপুর',
  'কৃষ্ণপুর',
  'জগন্নাথপুর',
  'শিবনগর',
  'বেলপুকুর',
  'আমনুরা',
  'নাচোল',
];
const UNIONS = [
  'কানসাট',
  'বিনোদপুর',
  'শ্যামপুর',
  'মোবারকপুর',
  'দাইপুকুরিয়া',
  'ধাইনগর',
  'পাঁকা',
  'উজিরপুর',
  'ঘোড়াপাখিয়া',
  'নয়ালাভাঙ্গা',
  'চককীর্তি',
  'দুর্লভপুর',
  'মনাকষা',
  'শাহবাজপুর',
  'ছত্রাজিতপুর',
];
const UPAZILAS = ['শিবগঞ্জ', 'গোমস্তাপুর', 'নাচোল', 'ভোলাহাট', 'চাঁপাইনবাবগঞ্জ সদর'];

const arr = (values: string[]) => sql`${sql.val(values)}::text[]`;

/**
 * An office to seed (scripts/bench-offices.ts): its wells are spread over an upazila-sized area
 * (about 25 × 25 km) around `latitude`, `longitude`, and its rows name `upazila`.
 */
export interface SeedOffice {
  id: number;
  upazila: string;
  latitude: number;
  longitude: number;
}

/** Half the side of an office's area, in degrees (about 12 km each way). */
export const OFFICE_HALF_DEG = 0.11;

/** A number in [0, 1) from an md5 of the row number: the same spread on every run. */
const unit = (salt: string) => sql.raw(`(('x' || substr(md5('${salt}' || g), 1, 7))::bit(28)::int / 268435456.0)`);

/**
 * Inserts `count` complete applications in one INSERT ... SELECT generate_series: names, villages and
 * mobiles vary with the row number; stages are spread as an office would see them (a quarter waiting
 * for the Chairman, a tenth pending, a fifth approved with a licence); submitted over the past year.
 *
 * Without `offices`, for the office of `db`'s scope, numbered by its counters (the one-office benches).
 * With `offices`, `count` for each of them in the same statement: office, numbers and the counters
 * written out (one INSERT for the whole country), mobiles distinct across offices, and a position on
 * every well, submitted over the past year. Then `db` must see every one of them (the owner's database,
 * which skips the wall).
 */
export async function seedApplications(db: Database, count: number, offices?: readonly SeedOffice[]): Promise<void> {
  const placed = offices !== undefined;
  const rows = placed
    ? // g: the row's number in the whole country; seq: its number in its office.
      sql`unnest(${sql.val(offices.map((o) => o.id))}::int[], ${sql.val(offices.map((o) => o.upazila))}::text[],
          ${sql.val(offices.map((o) => o.latitude))}::float8[], ${sql.val(offices.map((o) => o.longitude))}::float8[])
          WITH ORDINALITY AS o(office, upazila, lat, lng, k)
        CROSS JOIN LATERAL (SELECT seq, ((o.k - 1) * ${count} + seq)::int AS g FROM generate_series(1, ${count}::int) AS seq) AS r`
    : sql`generate_series(1, ${count}::int) AS g`;
  const spread = OFFICE_HALF_DEG * 2;
  await sql`
    INSERT INTO applications (id, kind, content_hash, intake_status, fields, applicant_name, father_name, mobile,
      upazila, village, union_name, mouza, jl_number, dag_number, stage, seen_chairman, seen_uno, seen_badc,
      submitted_at, created_at, updated_at, application_number
      ${placed ? sql`, office_id, latitude, longitude, position_source` : sql``})
    SELECT gen_random_uuid(), 'New', md5(g::text), 'complete',
      jsonb_build_object('applicantName', name, 'fatherName', father, 'mobile', mobile, 'village', village,
        'wellClass', 'deep', 'wellSize', '1.0', 'pumpType', 'electric', 'agreed', true,
        'latitude', ${placed ? sql`lat` : sql`24.6 + (g % 1000) / 10000.0`},
        'longitude', ${placed ? sql`lng` : sql`88.2 + (g % 997) / 10000.0`}),
      name, father, mobile, upazila, village, union_name, village, (1 + g % 180)::text, (1 + (g * 37) % 5000)::text,
      stage, stage <> 'StepOne', stage NOT IN ('StepOne', 'StepTwo'), stage NOT IN ('StepOne', 'StepTwo', 'StepThree'),
      at, at, at, ${placed ? sql`seq` : sql`g`}
      ${placed ? sql`, office, lat, lng, 'applicant'` : sql``}
    FROM (
      SELECT g,
        f[1 + (g * 7) % cardinality(f)] || ' ' || l[1 + (g * 11) % cardinality(l)] AS name,
        f[1 + (g * 13) % cardinality(f)] || ' ' || l[1 + (g * 5) % cardinality(l)] AS father,
        '01' || (ARRAY['3','5','6','7','8','9'])[1 + g % 6] || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0') AS mobile,
        ${placed ? sql`o.upazila` : sql`u[1 + g % cardinality(u)]`} AS upazila,
        v[1 + (g * 17) % cardinality(v)] AS village,
        n[1 + (g * 3) % cardinality(n)] AS union_name,
        CASE
          WHEN g % 100 < 25 THEN 'StepOne' WHEN g % 100 < 40 THEN 'StepTwo' WHEN g % 100 < 55 THEN 'StepThree'
          WHEN g % 100 < 65 THEN 'Pending' WHEN g % 100 < 70 THEN 'Approvable' WHEN g % 100 < 75 THEN 'NotApprovable'
          WHEN g % 100 < 95 OR g % 100 = 99 THEN 'Approved' ELSE 'Decline'
        END AS stage,
        ${placed ? sql`now() - r.seq * interval '365 days' / ${count}` : sql`now() - (g * interval '5 minutes')`} AS at
        ${
          placed
            ? sql`, o.office, r.seq, o.lat + ${spread} * (${unit('lat')} - 0.5) AS lat,
                o.lng + ${spread} * (${unit('lng')} - 0.5) AS lng`
            : sql``
        }
      FROM ${rows},
        (SELECT ${arr(FIRST)} AS f, ${arr(LAST)} AS l, ${arr(VILLAGES)} AS v, ${arr(UNIONS)} AS n,
          ${arr(UPAZILAS)} AS u) AS words
    ) AS s
  `.execute(db);
  await sql`
    INSERT INTO licences (id, application_id, term_years, is_testing, issued_on, valid_from, valid_to, status,
      licence_number ${placed ? sql`, office_id` : sql``})
    SELECT gen_random_uuid(), id, 1, application_number % 10 = 0, submitted_at::date, submitted_at::date,
      submitted_at::date + 365,
      -- One application in a hundred has its licence suspended: the licence's own status (migration 20261123-09).
      CASE WHEN application_number % 100 = 99 THEN 'suspended' ELSE 'active' END,
      row_number() OVER (PARTITION BY office_id ORDER BY application_number)
      ${placed ? sql`, office_id` : sql``}
    FROM applications WHERE stage = 'Approved'
  `.execute(db);
  // Numbers given here, not by the columns' defaults (one counter update a row costs the square of
  // the rows: server/src/modules/offices/office-counters.ts); each office's counters then past its numbers,
  // as if its own submissions had taken them.
  await sql`
    INSERT INTO office_counters (office_id, counter, last_value)
    SELECT office_id, 'application', max(application_number) FROM applications GROUP BY office_id
    UNION ALL SELECT office_id, 'licence', max(licence_number) FROM licences GROUP BY office_id
    ON CONFLICT (office_id, counter) DO UPDATE SET last_value = excluded.last_value
  `.execute(db);
  // Statistics and the visibility map, as autovacuum would have them on a settled database.
  await sql`VACUUM ANALYZE`.execute(baseOf(db));
}

/** A BADC officer whose password is hashed the way the portal does (scrypt). */
export async function createBadcUser(db: Database): Promise<{ email: string; password: string }> {
  const email = 'badc.bench@example.org';
  const password = 'bench-pass-' + crypto.randomBytes(6).toString('hex');
  await insertUser(db, {
    email,
    passwordHash: await hashPassword(password),
    role: 'BADC',
    mustChangePassword: false,
    now: new Date(),
  });
  return { email, password };
}

export interface RunningApp {
  baseUrl: string;
  close(): Promise<void>;
}

/** The portal's app (as createApp builds it for production) on 127.0.0.1 with a free port. */
export async function startApp(db: Database): Promise<RunningApp> {
  const app = createApp({ db, config: loadConfig({}), now: () => new Date() });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Signs in through POST /api/auth/login; returns the Cookie header a browser would then send. */
export async function signIn(baseUrl: string, user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Median and 95th percentile of a list of milliseconds. */
export function summarise(ms: number[]): { median: number; p95: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, p95: at(0.95) };
}

/** Runs `fn` `warmup` times unmeasured, then `reps` times, returning the milliseconds of each run. */
export async function timeIt(reps: number, fn: () => Promise<unknown>, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

/** Records the queries a Kysely call runs, so a benchmark can show their plans (EXPLAIN ANALYZE). */
export class Recorder implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  transformQuery(args: { node: RootOperationNode }) {
    this.nodes.push(args.node);
    return args.node;
  }
  async transformResult<T>(args: { result: T }) {
    return args.result;
  }
}

/**
 * The plan lines that say how the rows were found (the index or scan of each table), and the
 * execution time, of the query `run` makes (`pick` chooses it when it makes several).
 */
export async function planOf(
  db: Database,
  run: (db: Database) => Promise<unknown>,
  pick: (nodes: RootOperationNode[]) => RootOperationNode | undefined = (nodes) => nodes[0],
): Promise<string> {
  const recorder = new Recorder();
  await run(db.withPlugin(recorder));
  const node = pick(recorder.nodes);
  if (!node) return '(no plan)';
  const compiled = db.getExecutor().compileQuery(node, { queryId: 'bench' });
  const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`EXPLAIN (ANALYZE) ${compiled.sql}`, [...compiled.parameters]),
  );
  const lines = plan.rows.map((r) => r['QUERY PLAN']);
  const scans = lines
    .map((l) => /(Bitmap Index Scan on|Index Scan(?: Backward)? using|Index Only Scan using|Seq Scan on) (\w+)/.exec(l))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => `${m[1]!.replace(/ (on|using)$/, '')} ${m[2]}`);
  return `${[...new Set(scans)].join(', ')}; ${lines.find((l) => l.startsWith('Execution Time'))?.trim()}`;
}
