import type { Config } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import { officeScope, scopedDatabase } from '../platform/db/office-scope.js';
import { listOffices, officesChanged } from '../modules/offices/offices.repository.js';
import {
  demoDrawing,
  demoPassword,
  prepareDemoPictures,
  seedDemoOffice,
  type DemoOptions,
  type DemoPassword,
  type DemoPictures,
  type DemoReport,
} from './demo-office.js';
import { DEMO_PLACES, type DemoPlace } from './demo-places.js';

/**
 * The demo's offices on one deployment (docs/decisions/057-offices.md; docs/decisions/053-demo-seed.md,
 * "Three offices"): office 1 becomes Shibganj, the others are opened beside it, and each is seeded
 * through its own scope and its own address, one after the other: tried side by side on the
 * embedded database's one thread, the full seed used more CPU (75 s against 67 s) and took longer.
 */

export interface DemoOffice {
  id: number;
  place: DemoPlace;
  /** The office's own view of the database: every row written through it is the office's. */
  db: Database;
}

export interface DemoOfficeSeeded extends DemoOffice {
  report: DemoReport;
}

/**
 * Why the demo seed refuses this database, or null. It fills only a database of its own: one whose
 * offices hold no applications and which has no office but the first (migrations open office 1).
 */
export async function demoRefusal(base: Database): Promise<string | null> {
  const offices = await listOffices(base);
  if (offices.some((o) => o.id !== 1)) return 'offices';
  for (const office of offices) {
    const row = await scopedDatabase(base, officeScope(office.id))
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return 'applications';
  }
  return null;
}

/**
 * Makes office 1 the first place and opens one office for each other, with the owner's database:
 * the names are the country's list's (checked against ./demo-places.ts, whose papers print them),
 * the code `u<upazila id>`, the host `<name>.localhost`. New offices take their ids from the
 * sequence, so an office the national administrator opens later does not collide with them.
 */
export async function openDemoOffices(
  base: Database,
  places: readonly DemoPlace[] = DEMO_PLACES,
): Promise<DemoOffice[]> {
  const listed = await base
    .selectFrom('upazilas as u')
    .innerJoin('districts as d', 'd.id', 'u.district_id')
    .select(['u.id', 'u.name_bn', 'u.name_en', 'd.name_bn as district_bn'])
    .where(
      'u.id',
      'in',
      places.map((p) => p.upazilaId),
    )
    .execute();
  const offices: DemoOffice[] = [];
  for (const [i, place] of places.entries()) {
    const u = listed.find((r) => r.id === place.upazilaId);
    const same = (a: string, b: string) => a.normalize('NFC') === b.normalize('NFC');
    if (!u || !same(u.name_bn, place.upazila) || !same(u.district_bn, place.district) || u.name_en !== place.upazilaEn)
      throw new Error(`demo-places.ts: upazila ${place.upazilaId} is not ${place.upazilaEn} of ${place.districtEn}`);
    const row = { upazila_id: u.id, name_bn: u.name_bn, name_en: u.name_en, code: `u${u.id}`, host: place.host };
    const id =
      i === 0
        ? (await base.updateTable('offices').set(row).where('id', '=', 1).returning('id').executeTakeFirstOrThrow()).id
        : (await base.insertInto('offices').values(row).returning('id').executeTakeFirstOrThrow()).id;
    offices.push({ id, place, db: scopedDatabase(base, officeScope(id)) });
  }
  officesChanged(base);
  return offices;
}

/**
 * Opens the offices and seeds each at its size (`sizes[i]` for the i-th place; as many offices as
 * sizes). One password for every account. `pictures` are the CLI's, started before the database;
 * otherwise they are started here, all on one drawing queue so that office 1's come first.
 */
export async function seedDemoOffices(
  base: Database,
  config: Config,
  opts: {
    sizes: readonly DemoOptions[];
    now?: Date;
    log?: (line: string) => void;
    pictures?: readonly DemoPictures[];
    password?: DemoPassword;
  },
): Promise<DemoOfficeSeeded[]> {
  const places = DEMO_PLACES.slice(0, opts.sizes.length);
  const draw = demoDrawing();
  const pictures = opts.pictures ?? places.map((p, i) => prepareDemoPictures(opts.sizes[i]!, p, draw));
  const offices = await openDemoOffices(base, places);
  const password = opts.password ?? (await demoPassword());
  // One end for every office's history, so that "today" is the same day in all of them.
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => {});
  const seeded: DemoOfficeSeeded[] = [];
  for (const [i, office] of offices.entries()) {
    const started = Date.now();
    log(`${office.place.upazilaEn}, ${office.place.districtEn} (office ${office.id}, ${office.place.host}):`);
    const report = await seedDemoOffice(
      { db: office.db, config, place: office.place, password },
      { ...opts.sizes[i]!, now, log: (l) => log(`  ${l}`) },
      pictures[i],
    );
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    seeded.push({ ...office, report });
  }
  return seeded;
}
