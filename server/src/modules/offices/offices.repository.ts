import type { Database } from '../../platform/db/database.js';
import { keptPerDatabase } from '../../platform/db/kept-per-database.js';
import { baseOf, officeScope, scopedDatabase, type OfficeScope } from '../../platform/db/office-scope.js';

/**
 * The offices of the deployment (docs/decisions/057-offices.md): a national table, read without an
 * office scope by the request's office lookup and by the jobs. Opening, closing and renaming
 * offices is the national administrator's, through this file only.
 */
/** A district or a division, named in both languages. */
export interface Area {
  id: number;
  nameBn: string;
  nameEn: string;
}

export interface Office {
  id: number;
  code: string;
  nameBn: string;
  nameEn: string;
  /** The public address the office answers on; null until the national administrator sets one. */
  host: string | null;
  upazilaId: number | null;
  /** From the country's list; null for an office not matched to an upazila of it. */
  district: Area | null;
  division: Area | null;
  open: boolean;
}

async function readOffices(db: Database): Promise<Office[]> {
  const rows = await db
    .selectFrom('offices as o')
    .leftJoin('upazilas as u', 'u.id', 'o.upazila_id')
    .leftJoin('districts as d', 'd.id', 'u.district_id')
    .leftJoin('divisions as v', 'v.id', 'd.division_id')
    .select(['o.id', 'o.code', 'o.name_bn', 'o.name_en', 'o.host', 'o.upazila_id', 'o.closed_at'])
    .select(['d.id as district_id', 'd.name_bn as district_bn', 'd.name_en as district_en'])
    .select(['v.id as division_id', 'v.name_bn as division_bn', 'v.name_en as division_en'])
    .orderBy('o.id')
    .execute();
  const area = (id: number | null, nameBn: string | null, nameEn: string | null): Area | null =>
    id === null ? null : { id, nameBn: nameBn ?? '', nameEn: nameEn ?? '' };
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    nameBn: r.name_bn,
    nameEn: r.name_en,
    host: r.host,
    upazilaId: r.upazila_id,
    district: area(r.district_id, r.district_bn, r.district_en),
    division: area(r.division_id, r.division_bn, r.division_en),
    open: r.closed_at === null,
  }));
}

/**
 * Every office, read at most once a minute per database (kept once for the database, whichever
 * office's view asks): every request looks its office up here.
 */
const kept = keptPerDatabase((db: Database, _key: 'offices') => readOffices(db));
export function listOffices(db: Database): Promise<Office[]> {
  return kept.get(baseOf(db), 'offices');
}

/**
 * Work that spans offices (the text-message outbox): every office's rows, a closed office's too
 * (its queued messages still go), and no office for new rows, which must then name theirs.
 */
export async function allOfficesScope(db: Database): Promise<OfficeScope> {
  return { officeIds: (await listOffices(db)).map((o) => o.id), officeId: null };
}

/** Runs a per-office job once for each open office, in its own scope; one office's failure is logged, the rest go on. */
export async function forEachOpenOffice(
  db: Database,
  job: (db: Database, office: Office) => Promise<unknown>,
): Promise<void> {
  for (const office of (await listOffices(db)).filter((o) => o.open)) {
    await job(scopedDatabase(db, officeScope(office.id)), office).catch((err) =>
      console.error(`[offices] a job failed for office ${office.id}`, err),
    );
  }
}

/** An office was opened, closed or changed: the next request reads the list again. */
export function officesChanged(db: Database): void {
  kept.forget(baseOf(db));
}

/** The database as the office a command-line script acts for sees it: the first open office. */
export async function firstOpenOfficeDatabase(db: Database): Promise<Database> {
  const office = (await listOffices(db)).find((o) => o.open);
  if (!office) throw new Error('No office is open in this database.');
  return scopedDatabase(db, officeScope(office.id));
}
