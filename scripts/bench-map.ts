/**
 * The live map's query over 100,000 wells (docs/decisions/028-map-and-siting.md,
 * 035-live-map-clusters-and-visits.md): GET /api/staff/map/wells for a city-sized box (~5 km,
 * answered well by well) and an upazila-sized box (~30 km, more than MAP_FEATURE_LIMIT wells:
 * answered as the server's clusters), each at the zoom a phone shows it at, timed as the route's
 * query (wellsInBox) and end to end over HTTP as a signed-in BADC officer, median and p95.
 * The wells are spread over a district-sized area (about 65 × 60 km around Chapai Nawabganj) with
 * every state the map shows; each run asks for a box at another place in it.
 *
 * Run: `npm run bench:map` (embedded PGlite in memory) or `TEST_DATABASE=postgres npm run bench:map`
 * (a temporary database on the local PostgreSQL server, BENCH_DATABASE_ADMIN_URL as in bench-seed.ts,
 * dropped at the end). BENCH_ROWS and BENCH_REPS change the size and the runs. Figures go to
 * docs/BENCHMARKS.md.
 */
import os from 'node:os';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { boxAround, isCluster, todayInDhaka, type MapQuery } from '@portal/shared';
import { createDatabase, type Database } from '../server/src/platform/db/database.js';
import { migrateToLatest } from '../server/src/platform/db/migrator.js';
import { baseOf, officeScope, scopedDatabase } from '../server/src/platform/db/office-scope.js';
import { wellsInBox } from '../server/src/modules/map/map.repository.js';
import { visitsInBox } from '../server/src/modules/map/map-visits.js';
import { createBadcUser, createBenchDatabase, planOf, signIn, startApp, summarise, timeIt } from './bench-seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REPS = Number(process.env.BENCH_REPS ?? 30);
const POSTGRES = process.env.TEST_DATABASE === 'postgres' || !!process.env.BENCH_DATABASE_ADMIN_URL;

/** The seeded area: south-west corner and size in degrees (about 65 km north-south, 60 km east-west). */
const AREA = { south: 24.35, west: 87.95, height: 0.6, width: 0.6 };
/** Each box with the zoom at which it about fills a phone's map (390 × 500 px). */
const BOXES = [
  { label: 'city (~5 km)', halfMetres: 2_500, zoom: 13 },
  { label: 'upazila (~30 km)', halfMetres: 15_000, zoom: 11 },
];

/** A number in [0, 1) from an md5 of the row number: the same spread on every run and on both databases. */
const unit = (salt: string) => sql.raw(`(('x' || substr(md5('${salt}' || g), 1, 7))::bit(28)::int / 268435456.0)`);

async function seedWells(db: Database, count: number): Promise<void> {
  // Stages as an office sees them: a third licensed (Approved), the rest spread over the review. The
  // numbers in one block (server/src/modules/offices/office-counters.ts): a default per row costs the square of the rows.
  await sql`
    INSERT INTO applications (id, application_number, kind, content_hash, intake_status, fields, applicant_name,
      mobile, union_name, stage, seen_chairman, seen_uno, seen_badc, latitude, longitude, position_source,
      submitted_at, created_at, updated_at)
    SELECT gen_random_uuid(), block.first + g - 1, CASE WHEN g % 7 = 0 THEN 'Existing' ELSE 'New' END, md5('map' || g), 'complete',
      jsonb_build_object('wellSize', (ARRAY['0.5', '1.0', '1.5', '2.0'])[1 + g % 4], 'latitude', lat, 'longitude', lng),
      'কৃষক ' || g, '017' || lpad(g::text, 8, '0'), (ARRAY['কানসাট', 'বিনোদপুর', 'শ্যামপুর', 'মোবারকপুর', 'ধাইনগর'])[1 + g % 5],
      stage, true, stage NOT IN ('StepOne'), stage NOT IN ('StepOne', 'StepTwo'),
      lat, lng, 'applicant', at, at, at
    FROM (
      SELECT g,
        ${AREA.south} + ${AREA.height} * ${unit('lat')} AS lat,
        ${AREA.west} + ${AREA.width} * ${unit('lng')} AS lng,
        CASE
          WHEN g % 100 < 33 THEN 'Approved' WHEN g % 100 < 43 THEN 'StepOne' WHEN g % 100 < 53 THEN 'StepTwo'
          WHEN g % 100 < 63 THEN 'StepThree' WHEN g % 100 < 75 THEN 'Pending' WHEN g % 100 < 80 THEN 'Approvable'
          WHEN g % 100 < 85 THEN 'NotApprovable' ELSE 'Decline'
        END AS stage,
        now() - (g * interval '10 minutes') AS at
      FROM generate_series(1, ${count}::int) AS g
    ) AS s, (SELECT take_office_numbers('application', ${count}) AS first) AS block
  `.execute(db);
  // Licences of every status: testing (1 year), active, expired (issued long ago), suspended.
  await sql`
    INSERT INTO licences (id, licence_number, application_id, term_years, is_testing, issued_on, valid_from, valid_to,
      status, holder_name)
    SELECT gen_random_uuid(), application_number, id, term, term = 1, d, d, d + 365 * term,
      CASE WHEN application_number % 23 = 0 THEN 'suspended' ELSE 'active' END, applicant_name
    FROM (
      SELECT id, application_number, applicant_name, CASE WHEN application_number % 5 = 0 THEN 1 ELSE 3 END AS term,
        current_date - (application_number % 1500)::int AS d
      FROM applications WHERE stage = 'Approved'
    ) AS s
  `.execute(db);
  await sql`VACUUM ANALYZE`.execute(baseOf(db));
}

/**
 * One field visit for every application past the UNO's stages (about 80 % of the wells), a few
 * metres from its well, by the bench's BADC officer: the visits layer's table at an office's scale.
 */
async function seedVisits(db: Database, officerId: number): Promise<number> {
  const result = await sql`
    INSERT INTO field_visits (id, application_id, officer_id, visited_at, latitude, longitude, accuracy_m,
      decision, photo_count, content_hash, status, created_at, completed_at)
    SELECT gen_random_uuid(), id, ${officerId}, submitted_at + interval '3 days', latitude + 0.00005,
      longitude - 0.00005, 8, 'inspect', 0, md5('visit' || id::text), 'complete', now(), now()
    FROM applications WHERE stage NOT IN ('StepOne', 'StepTwo', 'StepThree')
  `.execute(db);
  await sql`VACUUM ANALYZE field_visits`.execute(baseOf(db));
  return Number(result.numAffectedRows ?? 0);
}

/** Box centres spread over the middle of the area (so a box stays inside it), one per run. */
function centres(n: number, marginDeg: number) {
  const usable = { h: AREA.height - 2 * marginDeg, w: AREA.width - 2 * marginDeg };
  return Array.from({ length: n }, (_, i) => ({
    latitude: AREA.south + marginDeg + usable.h * (((i * 0.618034) % 1) + 0.0001),
    longitude: AREA.west + marginDeg + usable.w * (((i * 0.414214) % 1) + 0.0001),
  }));
}

/** The plans of the route's two queries: the count that decides (wells or clusters), then the answer's. */
const mapPlan = async (db: Database, query: MapQuery, today: string) => {
  const run = (d: Database) => wellsInBox(d, query, { today, role: 'BADC' });
  const count = await planOf(db, run, (nodes) => nodes[0]);
  const answer = await planOf(db, run, (nodes) => nodes[nodes.length - 1]);
  return `count: ${count} | answer: ${answer}`;
};

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));
const median = (xs: number[]) => summarise(xs).median;

async function openDatabase(): Promise<{ db: Database; label: string; drop(): Promise<void> }> {
  if (POSTGRES) {
    const bench = await createBenchDatabase('map');
    return { db: bench.db, label: 'PostgreSQL (local server)', drop: () => bench.drop() };
  }
  const base = await createDatabase({ databaseUrl: null, dataDir: 'memory://' });
  await migrateToLatest(base);
  return {
    db: scopedDatabase(base, officeScope(1)),
    label: 'PGlite (embedded, in memory)',
    drop: () => base.destroy(),
  };
}

const database = await openDatabase();
try {
  const { db } = database;
  const seedStart = performance.now();
  await seedWells(db, ROWS);
  const licences = await db
    .selectFrom('licences')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `${database.label}: seeded ${ROWS.toLocaleString('en')} wells (${licences.n.toLocaleString('en')} licensed) ` +
      `in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const today = todayInDhaka(new Date());

  const app = await startApp(db);
  try {
    const badc = await createBadcUser(db);
    const cookie = await signIn(app.baseUrl, badc);
    const officer = await db
      .selectFrom('staff_users')
      .select('id')
      .where('email', '=', badc.email)
      .executeTakeFirstOrThrow();
    const visitCount = await seedVisits(db, officer.id);
    console.log(`\n${REPS} runs per box (after 3 warm-up runs), a different place each run; times in ms\n`);
    console.log(
      '| box | zoom | wells in the box (median) | features answered (median) | clustered | query (wellsInBox): median / p95 | GET over HTTP: median / p95 | answer (median) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const plans: string[] = [];
    for (const box of BOXES) {
      const margin = box.halfMetres / 111_000;
      const queries = centres(REPS, margin).map((c): MapQuery => ({
        bbox: boxAround(c, box.halfMetres) as never,
        zoom: box.zoom,
      }));
      const inBox: number[] = [];
      const answered: number[] = [];
      const bytes: number[] = [];
      const gzipped: number[] = [];
      let clustered = 0;
      for (const q of queries) {
        const [w, s, e, n] = q.bbox;
        const count = await db
          .selectFrom('applications')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('latitude', '>=', s)
          .where('latitude', '<=', n)
          .where('longitude', '>=', w)
          .where('longitude', '<=', e)
          .executeTakeFirstOrThrow();
        const answer = await wellsInBox(db, q, { today, role: 'BADC' });
        const body = JSON.stringify(answer);
        // Clusters or wells, every well of the box is in the answer once.
        const counted = answer.features.reduce((n, f) => n + (isCluster(f) ? f.properties.count : 1), 0);
        if (counted !== count.n) throw new Error(`the answer counts ${counted} wells of the ${count.n} in the box`);
        inBox.push(count.n);
        answered.push(answer.features.length);
        bytes.push(Buffer.byteLength(body));
        gzipped.push(zlib.gzipSync(body).byteLength);
        if (answer.clustered) clustered += 1;
      }
      let i = 0;
      const queryMs = summarise(
        await timeIt(REPS, () => wellsInBox(db, queries[i++ % REPS]!, { today, role: 'BADC' })),
      );
      let j = 0;
      const get = async () => {
        const q = queries[j++ % REPS]!;
        const bbox = q.bbox.map((v) => v.toFixed(6)).join(',');
        const res = await fetch(`${app.baseUrl}/api/staff/map/wells?bbox=${bbox}&zoom=${q.zoom}`, {
          headers: { cookie, 'accept-encoding': 'gzip' },
        });
        if (res.status !== 200) throw new Error(`the map answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      };
      // The loop above took longer than the server's keep-alive: the pooled connection may have just
      // been closed, which fetch reports as ECONNRESET once. One untimed request opens a fresh one.
      await get().catch(() => get());
      const httpMs = summarise(await timeIt(REPS, get));
      console.log(
        `| ${box.label} | ${box.zoom} | ${median(inBox).toLocaleString('en')} | ${median(answered).toLocaleString('en')} | ` +
          `${clustered} of ${REPS} | ${fmt(queryMs.median)} / ${fmt(queryMs.p95)} | ${fmt(httpMs.median)} / ${fmt(httpMs.p95)} | ` +
          `${(median(bytes) / 1024).toFixed(0)} KiB (${(median(gzipped) / 1024).toFixed(0)} KiB gzip) |`,
      );
      plans.push(`${box.label}: ${await mapPlan(db, queries[0]!, today)}`);
    }
    console.log('\nPlans of the map query (EXPLAIN ANALYZE, first place):');
    for (const p of plans) console.log(`- ${p}`);

    // The visits layer (GET /api/staff/map/visits) over the same places.
    console.log(`\nThe visits layer over ${visitCount.toLocaleString('en')} visits (visitsInBox, as BADC)\n`);
    console.log('| box | visits answered (median) | truncated | query (visitsInBox): median / p95 |');
    console.log('|---|---|---|---|');
    const visitPlans: string[] = [];
    for (const box of BOXES) {
      const margin = box.halfMetres / 111_000;
      const boxes = centres(REPS, margin).map((c) => ({ bbox: boxAround(c, box.halfMetres) as never }));
      const answered: number[] = [];
      let truncated = 0;
      for (const q of boxes) {
        const answer = await visitsInBox(db, q, { role: 'BADC' });
        answered.push(answer.features.length);
        if (answer.truncated) truncated += 1;
      }
      let k = 0;
      const ms = summarise(await timeIt(REPS, () => visitsInBox(db, boxes[k++ % REPS]!, { role: 'BADC' })));
      console.log(
        `| ${box.label} | ${median(answered).toLocaleString('en')} | ${truncated} of ${REPS} | ${fmt(ms.median)} / ${fmt(ms.p95)} |`,
      );
      visitPlans.push(`${box.label}: ${await planOf(db, (d) => visitsInBox(d, boxes[0]!, { role: 'BADC' }))}`);
    }
    console.log('\nPlans of the visits query (EXPLAIN ANALYZE, first place):');
    for (const p of visitPlans) console.log(`- ${p}`);
  } finally {
    await app.close();
  }
  console.log(
    `\n${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
  );
} finally {
  await database.drop();
}
