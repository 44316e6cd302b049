import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { todayInDhaka, type LicenceStatus } from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import { licenceStatusSql } from './licence-status.js';

/**
 * The only code that writes licences, licence_periods and licence_changes
 * (docs/decisions/022-licence-aggregate.md). The request engine calls these inside its own
 * transaction when a request is approved; the licence actions (licence.actions.ts) use them too.
 * Every write bumps the licence's version, which the next officer's request must carry. The one
 * other writer is the move to a new upazila's office (offices/boundary-move.ts), which re-homes
 * them whole, renumbers the licence and bumps its version too.
 */
type Trx = Transaction<DB>;
type Db = Kysely<DB> | Transaction<DB>;

export interface LicenceSummary {
  id: string;
  number: number;
  holderName: string;
  dagNumber: string;
  status: LicenceStatus;
  validFrom: string;
  validTo: string;
  /** What the next licence action must carry. */
  version: number;
}

/**
 * Issues the licence of an approved New/Existing application; the number is the office's next
 * (its counter, migrations/20261128-04-office-counters.ts). Approved again (after an Admin sent it back): the licence keeps its number and gets the
 * new period; its earlier period stays in the history.
 */
export async function issueLicence(
  trx: Trx,
  v: {
    applicationId: string;
    termYears: 1 | 2 | 3;
    issuedOn: string;
    validFrom: string;
    validTo: string;
    by: number;
    now: Date;
  },
): Promise<{ licenceId: string; licenceNumber: number }> {
  const app = await trx
    .selectFrom('applications')
    .select(['applicant_name', 'dag_number', 'fields'])
    .where('id', '=', v.applicationId)
    .executeTakeFirstOrThrow();
  const f = app.fields ?? {};
  const holder = app.applicant_name || (typeof f.applicantName === 'string' ? f.applicantName.trim() : '');
  const dag = app.dag_number || (typeof f.dagNumber === 'string' ? f.dagNumber.trim() : '');
  const values = {
    term_years: v.termYears,
    // A 1-year licence is a testing licence (spec 3 §4).
    is_testing: v.termYears === 1,
    issued_on: v.issuedOn,
    valid_from: v.validFrom,
    valid_to: v.validTo,
  };
  const existing = await trx
    .selectFrom('licences')
    .select(['id', 'licence_number'])
    .where('application_id', '=', v.applicationId)
    .forUpdate()
    .executeTakeFirst();
  let licenceId: string;
  let licenceNumber: number;
  if (existing) {
    // The holder follows the corrected application unless a change request already changed it
    // (a move to another office is no such change).
    const changed = await trx
      .selectFrom('licence_changes')
      .select('id')
      .where('licence_id', '=', existing.id)
      .where('field', 'in', ['holderName', 'dagNumber'])
      .executeTakeFirst();
    await trx
      .updateTable('licences')
      .set((eb) => ({
        ...values,
        status: 'active',
        suspend_note: null,
        ...(changed ? {} : { holder_name: holder, dag_number: dag }),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', existing.id)
      .execute();
    licenceId = existing.id;
    licenceNumber = Number(existing.licence_number);
  } else {
    licenceId = crypto.randomUUID();
    const row = await trx
      .insertInto('licences')
      .values({
        id: licenceId,
        application_id: v.applicationId,
        ...values,
        holder_name: holder,
        dag_number: dag,
        created_by: v.by,
        created_at: v.now,
      })
      .returning('licence_number')
      .executeTakeFirstOrThrow();
    licenceNumber = Number(row.licence_number);
  }
  await insertPeriod(trx, licenceId, {
    requestId: v.applicationId,
    issuedOn: v.issuedOn,
    validFrom: v.validFrom,
    validTo: v.validTo,
    now: v.now,
  });
  return { licenceId, licenceNumber };
}

/** A licence of the paper register, entered as an old record (docs/decisions/039-old-records-import.md). */
export interface OldLicence {
  applicationId: string;
  licenceNumber: number;
  holderName: string;
  dagNumber: string;
  termYears: 1 | 2 | 3;
  issuedOn: string;
  validFrom: string;
  validTo: string;
}

/**
 * Registers licences the office issued before the portal, each on its old record's application,
 * under the number the register gives it (not the office's counter), with its period as the first
 * row of its history; never a testing licence (spec 2 §3: testingLicense No). The office's licence
 * counter then moves past the highest number, in the same transaction, so a licence issued later
 * never meets an old one. A number already taken fails the
 * insert on the unique key; the caller checked first and turns a race into a 409. Batched, 1,000
 * licences a statement, for an import of thousands.
 */
export async function registerOldLicences(
  trx: Trx,
  licences: readonly OldLicence[],
  v: { by: number; now: Date },
): Promise<{ applicationId: string; licenceId: string; licenceNumber: number }[]> {
  const out: { applicationId: string; licenceId: string; licenceNumber: number }[] = [];
  for (let i = 0; i < licences.length; i += 1000) {
    const chunk = licences.slice(i, i + 1000).map((l) => ({ ...l, licenceId: crypto.randomUUID() }));
    await trx
      .insertInto('licences')
      .values(
        chunk.map((l) => ({
          id: l.licenceId,
          application_id: l.applicationId,
          licence_number: l.licenceNumber,
          term_years: l.termYears,
          is_testing: false,
          issued_on: l.issuedOn,
          valid_from: l.validFrom,
          valid_to: l.validTo,
          holder_name: l.holderName,
          dag_number: l.dagNumber,
          created_by: v.by,
          created_at: v.now,
        })),
      )
      .execute();
    await trx
      .insertInto('licence_periods')
      .values(
        chunk.map((l) => ({
          licence_id: l.licenceId,
          request_id: l.applicationId,
          issued_on: l.issuedOn,
          valid_from: l.validFrom,
          valid_to: l.validTo,
          created_at: v.now,
        })),
      )
      .execute();
    out.push(
      ...chunk.map((l) => ({ applicationId: l.applicationId, licenceId: l.licenceId, licenceNumber: l.licenceNumber })),
    );
  }
  if (licences.length > 0) {
    const highest = licences.reduce((max, l) => Math.max(max, l.licenceNumber), 0);
    await trx
      .insertInto('office_counters')
      .values({ counter: 'licence', last_value: highest })
      .onConflict((oc) =>
        oc
          .columns(['office_id', 'counter'])
          .doUpdateSet({ last_value: sql`greatest(office_counters.last_value, excluded.last_value)` }),
      )
      .execute();
  }
  return out;
}

/** A renewal approved: the licence's validity becomes the new period, kept as a history row too. */
export async function addLicencePeriod(
  trx: Trx,
  v: {
    licenceId: string;
    requestId: string | null;
    issuedOn: string;
    validFrom: string;
    validTo: string;
    by: number;
    now: Date;
  },
): Promise<void> {
  await updateLicence(trx, v.licenceId, { valid_from: v.validFrom, valid_to: v.validTo });
  await insertPeriod(trx, v.licenceId, v);
}

/** A name or plot change approved: the licence shows the new value; licence_changes keeps the old. */
export async function changeLicenceHolder(
  trx: Trx,
  v: {
    licenceId: string;
    requestId: string | null;
    change: { field: 'holderName' | 'dagNumber'; to: string };
    by: number;
    now: Date;
  },
): Promise<void> {
  const column = v.change.field === 'holderName' ? 'holder_name' : 'dag_number';
  const current = await trx
    .selectFrom('licences')
    .select(['holder_name', 'dag_number'])
    .where('id', '=', v.licenceId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const to = v.change.to.trim();
  await updateLicence(trx, v.licenceId, { [column]: to });
  await trx
    .insertInto('licence_changes')
    .values({
      licence_id: v.licenceId,
      request_id: v.requestId,
      field: v.change.field,
      from_value: current[column],
      to_value: to,
      at: v.now,
      by: v.by,
    })
    .execute();
}

/** The licence as a list row or an action's answer shows it; undefined when there is none. */
export async function readLicenceSummary(
  db: Db,
  licenceId: string,
  now: Date = new Date(),
): Promise<LicenceSummary | undefined> {
  const row = await db
    .selectFrom('licences')
    .select(['id', 'licence_number', 'holder_name', 'dag_number', 'valid_from', 'valid_to', 'version'])
    .select(licenceStatusSql(todayInDhaka(now)).as('status'))
    .where('id', '=', licenceId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    number: Number(row.licence_number),
    holderName: row.holder_name,
    dagNumber: row.dag_number,
    status: row.status,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    version: row.version,
  };
}

/** The columns a licence action may set; every write bumps the version. */
export type LicencePatch = Partial<{
  term_years: number;
  is_testing: boolean;
  valid_from: string;
  valid_to: string;
  status: 'active' | 'suspended';
  suspend_note: string | null;
  holder_name: string;
  dag_number: string;
}>;

export async function updateLicence(trx: Trx, licenceId: string, set: LicencePatch): Promise<void> {
  const result = await trx
    .updateTable('licences')
    .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
    .where('id', '=', licenceId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`No licence ${licenceId}`);
}

export async function insertPeriod(
  trx: Trx,
  licenceId: string,
  p: { requestId: string | null; issuedOn: string; validFrom: string; validTo: string; now: Date },
): Promise<void> {
  await trx
    .insertInto('licence_periods')
    .values({
      licence_id: licenceId,
      request_id: p.requestId,
      issued_on: p.issuedOn,
      valid_from: p.validFrom,
      valid_to: p.validTo,
      created_at: p.now,
    })
    .execute();
}
