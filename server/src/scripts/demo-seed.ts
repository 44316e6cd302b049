import { countOverdue } from '../deadlines/deadlines.repository.js';
import { loadConfig } from '../config.js';
import { createOwnerDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { firstOpenOfficeDatabase } from '../offices/offices.repository.js';
import { getSettings } from '../features/settings/settings.repository.js';
import { deadlineRules, todayInDhaka } from '@portal/shared';
import { DEMO_FULL, DEMO_SMALL, prepareDemoPictures, seedDemoOffice, type DemoReport } from './demo-office.js';
import { DEMO_TILES_ZOOMS, drawDemoTiles, placeDemoTiles, type DemoTilesResult } from './demo-tiles.js';
import { licenceStatusSql } from '../licences/licence-status.js';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * `npm run demo:seed`: fills a database of its own with a demo office after a year of work
 * (./demo-office.ts, docs/decisions/053-demo-seed.md) and places the demo tile archive
 * (./demo-tiles.ts), then says where to look. `-- --small` seeds the small office the tests use
 * (plain pictures, one request per stage). It never runs by itself, and refuses a database that
 * already holds applications.
 */
const started = Date.now();
const small = process.argv.includes('--small');
const config = loadConfig();
const port = new URL(config.publicUrl).port || '3000';

const options = small ? DEMO_SMALL : DEMO_FULL;
// The papers, the site's pictures and the map tiles are drawn on sharp's threads while the database
// starts (PGlite's first start is seconds of work on this thread) and the office is seeded.
// The tiles are placed only once the office is seeded: a refused database keeps its folder as it was.
const pictures = prepareDemoPictures(options);
const tiles = drawDemoTiles();
tiles.catch(() => {});

const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const base = await createOwnerDatabase(config);
await migrateToLatest(base);
// One office today, the first (docs/decisions/057-offices.md); every row is written as that office.
const db = await firstOpenOfficeDatabase(base);
const existing = await db
  .selectFrom('applications')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(existing.n) > 0) {
  console.error('এই ডেটাবেসে আগে থেকেই আবেদন আছে; ডেমো ডেটা শুধু আলাদা ডেটাবেসে দেওয়া যায়।');
  console.error('This database already holds applications; the demo seed only fills a database of its own.');
  await base.destroy();
  process.exit(1);
}

console.log(`ডেমো অফিস তৈরি হচ্ছে / Seeding the demo office (database ready at ${elapsed()})…`);
const report = await seedDemoOffice({ db, config }, { ...options, log: (l) => console.log(`  ${l}`) }, pictures);
console.log(`  office seeded at ${elapsed()}`);
const archive = placeDemoTiles(config.dataDir, await tiles);
console.log(`  map tiles written at ${elapsed()}`);
console.log(await guide(db, report, archive));
await base.destroy();
process.exit(0);

/** What to look at, in English, for a terminal of 100 columns. */
async function guide(db: Database, r: DemoReport, archive: DemoTilesResult): Promise<string> {
  const base = config.publicUrl.replace(/\/+$/, '');
  const settings = await getSettings(db);
  const today = todayInDhaka();
  const overdue = (await countOverdue(db, today, deadlineRules(settings))).filter((s) => s.overdue > 0);
  const kinds = await db
    .selectFrom('applications')
    .select(['kind', sql<number>`count(*)::int`.as('n')])
    .where('intake_status', '=', 'complete')
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  const licences = await db
    .selectFrom('licences')
    .select([licenceStatusSql(today).as('status'), sql<number>`count(*)::int`.as('n')])
    .groupBy(sql`1`)
    .execute();
  const soon = await db
    .selectFrom('licences')
    .select(['licence_number', 'valid_to'])
    .where('status', '<>', 'suspended')
    .where(sql<boolean>`valid_to >= ${today}::date AND valid_to <= ${today}::date + 30`)
    .orderBy('valid_to')
    .execute();
  const n = (what: string) => r.counts[what] ?? 0;
  const lines: string[] = [];
  const add = (s = '') => lines.push(s);
  /** A label and its text, the text wrapped at 100 columns under itself. */
  const row = (label: string, text: string, width = 22) => {
    const indent = ' '.repeat(width + 3);
    let line = `  ${label.padEnd(width)} `;
    for (const word of text.split(' ')) {
      if (line.length + word.length > 100 && line.trim().length > label.length) {
        add(line.trimEnd());
        line = indent;
      }
      line += `${word} `;
    }
    add(line.trimEnd());
  };
  const byPipeline = (['new', 'renewal', 'change'] as const)
    .map((p) => {
      const stages = overdue.filter((s) => s.pipeline === p);
      return stages.length ? `${p}: ${stages.map((s) => `${s.overdue} at ${s.stage}`).join(', ')}` : '';
    })
    .filter(Boolean)
    .join('; ');

  add();
  add(`Demo office ready in ${Math.round((Date.now() - started) / 1000)} s: Shibganj upazila (${settings.address}),`);
  add(
    `Chapainawabganj district (${settings.jilla}); its records run from ${r.from} to ${r.to}, the last year in full.`,
  );
  add();
  const dbEnv = config.databaseUrl ? 'DATABASE_URL=<the same> ' : '';
  add('Start the portal on it (`npm start` builds the PWA first; once built, this is enough):');
  add(`  ${dbEnv}DATA_DIR=${config.dataDir} PORT=${port} node --import tsx server/src/main.ts`);
  add(`and open ${base}/.`);
  add();
  add(`Staff accounts: sign in at ${base}/login. One password for all five, shown only now:`);
  add(`  ${r.password}`);
  const roles: Record<string, string> = {
    Admin: 'settings, content, accounts, SMS page, audit',
    Chairman: 'first reading of each request',
    UNO: 'second reading',
    BADC: 'inspections, decisions, licences, live map, field packs',
    Pollibidut: "the electricity office's view of licences",
  };
  for (const s of r.staff) add(`  ${s.role.padEnd(10)} ${s.email.padEnd(22)} ${r.password}  ${roles[s.role] ?? ''}`);
  add();
  add('What the office holds:');
  row('applications', kinds.map((k) => `${k.kind} ${k.n}`).join(', ') + ' (Old: the paper register)');
  row('licences', licences.map((l) => `${l.status} ${l.n}`).join(', '));
  row(
    'ending within 30 days',
    soon.length
      ? `${soon.map((l) => `no. ${l.licence_number} on ${l.valid_to}`).join(', ')}: the reminder texts are queued and go out (printed in the console) when the portal starts`
      : 'none',
  );
  row('overdue now', byPipeline || 'none');
  row('complaints, copies', `${n('Complaint')} complaints, ${n('Copy')} copy requests (Admin: Services)`);
  row('notices', `${n('notice')} at /notice, two with a PDF and one with a photographed order`);
  row(
    'downloads, archive',
    `${n('download')} forms and rules at /downloads (PDF); ${n('archive')} private archive files`,
  );
  row('videos', `${n('video')} links at /video-gallery (placeholders: the Admin sets the office's own)`);
  row('contact messages', `${n('contact')} (Admin: All Contact)`);
  row(
    'pictures',
    `slider ${n('picture:slider')}, gallery ${n('picture:gallery')}, GEO sheets ${n('picture:geo')} (/geo-db)`,
  );
  row('register, meetings', `${n('Old')} old licences typed and imported; ${n('Resolution')} committee resolutions`);
  row(
    'map tiles',
    archive.file
      ? `${archive.file}: ${archive.tiles} synthetic tiles, zoom ${DEMO_TILES_ZOOMS.min}–${DEMO_TILES_ZOOMS.max}, so every map draws without a connection`
      : `not written: ${archive.others.join(', ')} is there (a real archive is never hidden)`,
  );
  add();
  add(`Where to look (${base}…):`);
  row('/', 'home: the headline, slider and photo gallery, the office in the footer');
  row(
    '/lh-map',
    `the office on the map (${settings.officeLatitude} N, ${settings.officeLongitude} E), drawn from the tiles`,
  );
  row('/notice', 'notices; /downloads, /video-gallery, /geo-db, /about-us, /policies likewise');
  row('/licence-check', 'a licence by its number, e.g. 7001 from the old register');
  row(
    '/admin-page',
    "after signing in: the dashboard's overdue cards and month chart; each list shows how many working days a request has waited; BADC's live map shows the wells",
  );
  add();
  add('Applications worth opening (find them by number in the staff lists):');
  for (const h of r.highlights) row(`#${h.number} ${h.kind}`, h.what, 16);
  add();
  if (r.citizen) {
    add(`A citizen follows an application at ${base}/my-application: e.g. #${r.citizen.number} with the mobile`);
    add(`${r.citizen.mobile}; the one-time code is printed in the portal's console (no SMS gateway is set).`);
  }
  return lines.join('\n');
}
