import { countOverdue } from '../modules/deadlines/deadlines.repository.js';
import { loadConfig } from '../platform/config.js';
import { createOwnerDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrator.js';
import { listOffices } from '../modules/offices/offices.repository.js';
import { getSettings } from '../modules/settings/settings.repository.js';
import { deadlineRules, todayInDhaka } from '@portal/shared';
import {
  DEMO_FULL,
  DEMO_NEIGHBOUR,
  DEMO_SMALL,
  demoDrawing,
  demoPassword,
  prepareDemoPictures,
  type DemoPassword,
} from './demo-office.js';
import { demoRefusal, seedDemoOffices, type DemoOfficeSeeded } from './demo-offices.js';
import { seedNationalAccounts, type DemoAccount } from './demo-national.js';
import { DEMO_PLACES, officeAddress } from './demo-places.js';
import { DEMO_TILES_ZOOMS, drawDemoTiles, placeDemoTiles, type DemoTilesResult } from './demo-tiles.js';
import { licenceStatusSql } from '../modules/licences/licence-status.js';
import { sql } from 'kysely';
import type { Database } from '../platform/db/database.js';

/**
 * `npm run demo:seed`: fills a database of its own with three demo upazila offices in three
 * districts and divisions after a year of work (./demo-offices.ts, ./demo-office.ts,
 * docs/decisions/053-demo-seed.md), each at its own address, and places the demo tile archive
 * (./demo-tiles.ts), then says where to look. `-- --small` seeds three small offices of the size the
 * tests use (plain pictures, one request per stage). It never runs by itself, and refuses a database
 * that already holds applications, or offices besides the first.
 */
const started = Date.now();
const small = process.argv.includes('--small');
const config = loadConfig();
const port = new URL(config.publicUrl).port || '3000';

// Office 1 at full size; the other two smaller, which keeps the seed near a minute (decision 053).
const sizes = small ? [DEMO_SMALL, DEMO_SMALL, DEMO_SMALL] : [DEMO_FULL, DEMO_NEIGHBOUR, DEMO_NEIGHBOUR];
// The papers, the site's pictures and the map tiles are drawn on sharp's threads while the database
// starts (PGlite's first start is seconds of work on this thread) and the offices are seeded, office
// 1's first. The tiles are placed only once the offices are seeded: a refused database keeps its
// folder as it was.
const draw = demoDrawing();
const pictures = DEMO_PLACES.map((place, i) => prepareDemoPictures(sizes[i]!, place, draw));
const tiles = drawDemoTiles();
tiles.catch(() => {});

const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const base = await createOwnerDatabase(config);
await migrateToLatest(base);
const refused = await demoRefusal(base);
if (refused) {
  console.error('এই ডেটাবেসে আগে থেকেই আবেদন বা অফিস আছে; ডেমো ডেটা শুধু আলাদা ডেটাবেসে দেওয়া যায়।');
  console.error(
    `This database already holds ${refused}; the demo seed only fills a database of its own (DATA_DIR=$(mktemp -d)).`,
  );
  await base.destroy();
  process.exit(1);
}

console.log(`ডেমো অফিস তৈরি হচ্ছে / Seeding three demo offices (database ready at ${elapsed()})…`);
const password = await demoPassword();
const offices = await seedDemoOffices(base, config, {
  sizes,
  pictures,
  password,
  log: (l) => console.log(`  ${l}`),
});
console.log(`  offices seeded at ${elapsed()}`);
// The district viewer and the national administrator, on the national address (./demo-national.ts).
const accounts = await seedNationalAccounts(base, offices, password, config.publicUrl.replace(/\/+$/, ''));
const archive = placeDemoTiles(config.dataDir, await tiles);
console.log(`  map tiles written at ${elapsed()}`);
console.log(await guide(base, offices, accounts, password, archive));
await base.destroy();
process.exit(0);

/** What to look at, in English, for a terminal of 100 columns. */
async function guide(
  base: Database,
  seeded: readonly DemoOfficeSeeded[],
  accounts: readonly DemoAccount[],
  pw: DemoPassword,
  archive: DemoTilesResult,
): Promise<string> {
  const national = config.publicUrl.replace(/\/+$/, '');
  const listed = await listOffices(base);
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
  const first = seeded[0]!.report;

  add();
  const howMany = ['No', 'One', 'Two', 'Three'][seeded.length] ?? String(seeded.length);
  add(
    `${howMany} demo offices ready in ${Math.round((Date.now() - started) / 1000)} s, each in its own district and division;`,
  );
  add(`their records run from ${first.from} to ${first.to}, the last year in full.`);
  add();
  const dbEnv = config.databaseUrl ? 'DATABASE_URL=<the same> ' : '';
  add('Start the portal on them (`npm start` builds the PWA first; once built, this is enough):');
  add(`  ${dbEnv}DATA_DIR=${config.dataDir} PORT=${port} node --import tsx server/src/main.ts`);
  add('Each office answers at its own address below: browsers resolve <name>.localhost to this machine,');
  add(`so no DNS is needed. ${national}/ is now the national address: it lists the offices by`);
  add('district and finds one by the name of its upazila or district; it serves no office of its own.');
  add();
  add(`One password for all ${seeded.length * first.staff.length} staff accounts, shown only now:`);
  add(`  ${pw.password}`);

  for (const office of seeded) {
    const { place, report: r, db } = office;
    const row0 = listed.find((o) => o.id === office.id);
    const url = officeAddress(config.publicUrl, place);
    add();
    add(
      `== Office ${office.id}: ${place.upazilaEn} upazila (${place.upazila}), ${place.districtEn} district (${place.district}), ` +
        `${row0?.division?.nameEn ?? '?'} division`,
    );
    add(`   ${url}/   code ${row0?.code ?? '?'}; staff sign in at ${url}/login`);
    await officeGuide(db, r, url, add, row, office.id === seeded[0]!.id);
  }

  add();
  add('Across offices:');
  for (const a of accounts) row(a.role, `${a.email} ${pw.password}: ${a.sees}; sign in at ${a.signIn}`);
  row(
    'map tiles',
    archive.file
      ? `${archive.file}: ${archive.tiles} synthetic tiles around the three upazilas, zoom ${DEMO_TILES_ZOOMS.min}–${DEMO_TILES_ZOOMS.max}, so every map draws without a connection`
      : `not written: ${archive.others.join(', ')} is there (a real archive is never hidden)`,
  );
  return lines.join('\n');
}

/** One office's part of the guide; the first office lists every application worth opening. */
async function officeGuide(
  db: Database,
  r: DemoOfficeSeeded['report'],
  url: string,
  add: (s?: string) => void,
  row: (label: string, text: string, width?: number) => void,
  full: boolean,
): Promise<void> {
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
  const byPipeline = (['new', 'renewal', 'change'] as const)
    .map((p) => {
      const stages = overdue.filter((s) => s.pipeline === p);
      return stages.length ? `${p}: ${stages.map((s) => `${s.overdue} at ${s.stage}`).join(', ')}` : '';
    })
    .filter(Boolean)
    .join('; ');

  const roles: Record<string, string> = {
    Admin: 'settings, content, accounts, SMS page, audit',
    Chairman: 'first reading of each request',
    UNO: 'second reading',
    BADC: 'inspections, decisions, licences, live map, field packs',
    Pollibidut: "the electricity office's view of licences",
  };
  for (const s of r.staff) add(`  ${s.role.padEnd(10)} ${s.email.padEnd(26)} ${r.password}  ${roles[s.role] ?? ''}`);
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
  add();
  add(`Where to look (${url}…):`);
  row(
    '/',
    `home: the headline ("${settings.headline.split(' — ')[0]}"), slider and photo gallery, the office in the footer`,
  );
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
  // The others hold the same stories: the newest request of each kind says where to start.
  const shown = full
    ? r.highlights
    : [...r.highlights]
        .reverse()
        .filter((h, i, all) => all.findIndex((o) => o.kind === h.kind) === i)
        .reverse();
  add(`Applications worth opening (find them by number in the staff lists${full ? '' : '; the newest of each kind'}):`);
  for (const h of shown) row(`#${h.number} ${h.kind}`, h.what, 16);
  if (shown.length < r.highlights.length)
    add(`  … and ${r.highlights.length - shown.length} more: the same stories as office 1, numbered here from 1.`);
  if (r.citizen) {
    add(`A citizen follows an application at ${url}/my-application: e.g. #${r.citizen.number}`);
    add(`with the mobile ${r.citizen.mobile}; the one-time code is printed in the portal's console (no SMS`);
    add('gateway is set).');
  }
}
