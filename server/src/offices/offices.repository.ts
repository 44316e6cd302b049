import type { Database } from '../db/database.js';
import { keptPerDatabase } from '../db/kept-per-database.js';
import { officeScope, scopedDatabase, type OfficeScope } from '../db/office-scope.js';

/**
 * The offices of the deployment (docs/decisions/057-offices.md): a national table, read without an
 * office scope by the request's office lookup and by the jobs. Opening, closing and renaming
 * offices is the national administrator's, through this file only.
 */
export interface Office {
  id: number;
  code: string;
  nameBn: string;
  nameEn: string;
  /** The public address the office answers on; null until the national administrator sets one. */
  host: string | null;
  upazilaId: number | null;
  open: boolean;
}

async function readOffices(db: Database): Promise<Office[]> {
  const rows = await db
    .selectFrom('offices')
    .select(['id', 'code', 'name_bn', 'name_en', 'host', 'upazila_id', 'closed_at'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    nameBn: r.name_bn,
    nameEn: r.name_en,
    host: r.host,
    upazilaId: r.upazila_id,
    open: r.closed_at === null,
  }));
}

/** Every office, read at most once a minute per database: every request looks its office up here. */
const kept = keptPerDatabase((db: Database, _key: 'offices') => readOffices(db));
export function listOffices(db: Database): Promise<Office[]> {
  return kept.get(db, 'offices');
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
  kept.forget(db);
}

/** The database as the office a command-line script acts for sees it: the first open office. */
export async function firstOpenOfficeDatabase(db: Database): Promise<Database> {
  const office = (await listOffices(db)).find((o) => o.open);
  if (!office) throw new Error('No office is open in this database.');
  return scopedDatabase(db, officeScope(office.id));
}
