/**
 * The old-register import over 100,000 rows (docs/decisions/039-old-records-import.md): a CSV of
 * 100,000 old records (the template's legacy columns, Bangla text, every cell quoted, about 30 MB)
 * is checked (dry run) and imported, and the peak memory of the process is read after each step.
 *
 * Two ways, each run BENCH_REPS times (default 3, the median is quoted) on an emptied database:
 * - ten files of 10,000 rows (the real cap) POSTed to the running portal as a signed-in BADC officer,
 *   each checked and then imported: what an office does with the screen (measured first, so its
 *   peak memory is its own);
 * - one file of 100,000 rows through the service functions (csvRows → checkOldImport /
 *   importOldRecords), with the per-file cap raised for the bench: what one transaction of 100,000
 *   records costs.
 *
 * Run: `TEST_DATABASE=postgres npm run bench:import` (a temporary database on the local PostgreSQL
 * server, BENCH_DATABASE_ADMIN_URL as in bench-seed.ts, dropped at the end) or `npm run bench:import`
 * (embedded PGlite in memory). BENCH_ROWS and BENCH_REPS change the defaults. Figures go to
 * docs/BENCHMARKS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { OLD_IMPORT_MAX_RECORD_CHARS, OLD_IMPORT_MAX_ROWS } from '@portal/shared/schemas/old-records';
import { createDatabase, type Database } from '../server/src/platform/db/database.js';
import { migrateToLatest } from '../server/src/platform/db/migrator.js';
import { baseOf, officeScope, scopedDatabase } from '../server/src/platform/db/office-scope.js';
import { loadConfig } from '../server/src/platform/config.js';
import { csvRows } from '../server/src/modules/old-records/csv-upload.js';
import { templateHeaders } from '../server/src/modules/old-records/import-columns.js';
import { checkOldImport, importOldRecords } from '../server/src/modules/old-records/old-records.service.js';
import { createBadcUser, createBenchDatabase, signIn, startApp, summarise } from './bench-seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const POSTGRES = process.env.TEST_DATABASE === 'postgres' || !!process.env.BENCH_DATABASE_ADMIN_URL;
const FILE_ROWS = OLD_IMPORT_MAX_ROWS;

const NAMES = ['রহিম উদ্দিন', 'করিমা খাতুন', 'আবদুল মালেক', 'সালমা বেগম', 'জহিরুল ইসলাম', 'নাসরিন আক্তার'];
const PLACES = ['কানসাট', 'শাহবাজপুর', 'মোবারকপুর', 'বিনোদপুর', 'ধাইনগর'];
const PUMPS = ['electric', 'বিদ্যুৎ চালিত', 'diesel', 'সৌর চালিত'];

/** One old record of the register, as a clerk's spreadsheet has it; `n` is its licence number. */
function row(n: number): Record<string, string> {
  const place = PLACES[n % PLACES.length]!;
  const day = String(1 + (n % 28)).padStart(2, '0');
  return {
    licenseNumber: String(n),
    resulation: `উসেক-${n % 97}/${2005 + (n % 18)}`,
    name: `${NAMES[n % NAMES.length]} ${n}`,
    father: 'মোঃ আবদুল জলিল',
    mobile: `017${String(n).padStart(8, '0')}`,
    upzila: 'শিবগঞ্জ',
    village: place,
    union: place,
    post: place,
    mouza: place,
    jlNumber: String(1 + (n % 180)),
    khotian: String(100 + (n % 900)),
    dagnumber: `${1 + (n % 5000)}, ${2 + (n % 5000)}`,
    sechPampType: PUMPS[n % PUMPS.length]!,
    tubeoyelClass: n % 3 === 0 ? 'deep' : 'অগভীর',
    tubeyelSize: ['0.5', '1.0', '১.৫', '2.0'][n % 4]!,
    issueDate: `${day}-0${1 + (n % 9)}-${2005 + (n % 18)}`,
    gMap: n % 2 ? `${(24.4 + (n % 5000) / 10000).toFixed(4)},${(88.0 + (n % 4999) / 10000).toFixed(4)}` : '',
    document: 'বোরো মৌসুমে প্রায় ৪০ বিঘা জমিতে সেচ দেওয়া হয়',
  };
}

const cell = (v: string) => `"${v.replace(/"/g, '""')}"`;

/** Writes a CSV of `count` rows from licence number `first` to `file`, streaming; answers its size in bytes. */
async function writeCsv(file: string, first: number, count: number): Promise<number> {
  const header = templateHeaders();
  const out = fs.createWriteStream(file);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write(`\uFEFF${header.map(cell).join(',')}\r\n`);
  for (let n = first; n < first + count; n++) {
    const r = row(n);
    await write(`${header.map((h) => cell(r[h] ?? '')).join(',')}\r\n`);
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return fs.statSync(file).size;
}

const fileStream = (file: string) => Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
/** Peak resident memory of this process so far (it only grows). */
const peakRss = () => process.resourceUsage().maxRSS * 1024;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function emptyRegister(db: Database): Promise<void> {
  await sql`TRUNCATE audit_log, licence_periods, licence_changes, licences, applications CASCADE`.execute(baseOf(db));
  await sql`DELETE FROM office_counters WHERE counter = 'licence'`.execute(db);
}

async function openDatabase(): Promise<{ db: Database; label: string; drop(): Promise<void> }> {
  if (POSTGRES) {
    const bench = await createBenchDatabase('import');
    return { db: bench.db, label: 'PostgreSQL (local server)', drop: () => bench.drop() };
  }
  const base = await createDatabase({ databaseUrl: null, dataDir: 'memory://' });
  await migrateToLatest(base);
  const db = scopedDatabase(base, officeScope(1));
  return { db, label: 'PGlite (embedded, in memory)', drop: () => base.destroy() };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const database = await openDatabase();
try {
  const { db } = database;
  const bigFile = path.join(dir, 'old-100k.csv');
  const bigBytes = await writeCsv(bigFile, 1, ROWS);
  const parts = Math.ceil(ROWS / FILE_ROWS);
  const partFiles = await Promise.all(
    Array.from({ length: parts }, async (_, i) => {
      const file = path.join(dir, `old-part-${i + 1}.csv`);
      await writeCsv(file, 1 + i * FILE_ROWS, Math.min(FILE_ROWS, ROWS - i * FILE_ROWS));
      return file;
    }),
  );
  console.log(
    `${database.label}; Node ${process.version}; ${os.cpus().length} × ${os.cpus()[0]?.model}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `CSV: ${ROWS.toLocaleString('en')} rows, ${mib(bigBytes)}; ${parts} files of ${FILE_ROWS.toLocaleString('en')} rows`,
  );

  const badcUser = await createBadcUser(db);
  const actor = await db
    .selectFrom('staff_users')
    .select(['id', 'email'])
    .where('email', '=', badcUser.email)
    .executeTakeFirstOrThrow();
  const deps = { db, config: loadConfig({}), now: () => new Date() };
  const opts = {
    contentType: 'text/csv',
    maxBytes: 1024 * 1024 * 1024,
    maxRows: ROWS,
    maxRecordChars: OLD_IMPORT_MAX_RECORD_CHARS,
  };

  console.log(`Baseline peak RSS ${mib(peakRss())}`);

  // Ten files of 10,000 rows through HTTP, as the screen sends them.
  const app = await startApp(db);
  const http = { dry: [] as number[], imp: [] as number[], rss: 0 };
  try {
    const cookie = await signIn(app.baseUrl, badcUser);
    const post = async (file: string, dryRun: boolean) => {
      const res = await fetch(`${app.baseUrl}/api/staff/old-records/import${dryRun ? '?dryRun=1' : ''}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'text/csv', origin: app.baseUrl },
        body: fs.readFileSync(file),
      });
      if (res.status !== (dryRun ? 200 : 201)) throw new Error(`${res.status} ${(await res.text()).slice(0, 400)}`);
      await res.arrayBuffer();
    };
    for (let rep = 0; rep < REPS; rep++) {
      await emptyRegister(db);
      let dry = 0;
      let imp = 0;
      for (const file of partFiles) {
        let t = performance.now();
        await post(file, true);
        dry += performance.now() - t;
        t = performance.now();
        await post(file, false);
        imp += performance.now() - t;
      }
      http.dry.push(dry);
      http.imp.push(imp);
      http.rss = Math.max(http.rss, peakRss());
      console.log(`${parts} files over HTTP, run ${rep + 1}: dry runs ${seconds(dry)} s, imports ${seconds(imp)} s`);
    }
  } finally {
    await app.close();
  }

  // One file of 100,000 rows, one transaction.
  const one = { dry: [] as number[], imp: [] as number[], rssDry: 0, rssImport: 0 };
  for (let rep = 0; rep < REPS; rep++) {
    await emptyRegister(db);
    let t = performance.now();
    const { report } = await checkOldImport(db, csvRows(fileStream(bigFile), opts));
    one.dry.push(performance.now() - t);
    if (report.totals.ok !== ROWS)
      throw new Error(`dry run: ${JSON.stringify(report.totals)} ${JSON.stringify(report.rows.find((r) => !r.ok))}`);
    one.rssDry = Math.max(one.rssDry, peakRss());
    t = performance.now();
    const done = await importOldRecords(
      deps,
      { userId: actor.id, email: actor.email },
      csvRows(fileStream(bigFile), opts),
    );
    one.imp.push(performance.now() - t);
    if (!done.imported) throw new Error('not imported');
    one.rssImport = Math.max(one.rssImport, peakRss());
    console.log(
      `one file, run ${rep + 1}: dry run ${seconds(one.dry.at(-1)!)} s, import ${seconds(one.imp.at(-1)!)} s`,
    );
  }
  const counted = await db
    .selectFrom('licences')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (counted.n !== ROWS) throw new Error(`expected ${ROWS} licences, found ${counted.n}`);

  const med = (xs: number[]) => seconds(summarise(xs).median);
  console.log(`\nMedian of ${REPS} (seconds; peak RSS of the whole process, baseline included):`);
  console.log('| database | way | dry run | import | rows a second (import) | peak RSS after dry run / import |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(
    `| ${database.label} | one file of ${ROWS.toLocaleString('en')} rows (service, cap raised) | ${med(one.dry)} | ${med(one.imp)} | ${Math.round(ROWS / (summarise(one.imp).median / 1000)).toLocaleString('en')} | ${mib(one.rssDry)} / ${mib(one.rssImport)} |`,
  );
  console.log(
    `| ${database.label} | ${parts} files of ${FILE_ROWS.toLocaleString('en')} over HTTP | ${med(http.dry)} | ${med(http.imp)} | ${Math.round(ROWS / (summarise(http.imp).median / 1000)).toLocaleString('en')} | ${mib(http.rss)} (server and client in one process) |`,
  );
} finally {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
