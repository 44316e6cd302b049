import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import { STAGES, type StoredKind } from '@portal/shared';
import {
  emptyStageCounts,
  REGISTER_KINDS,
  RESTORE_DAYS,
  type RegisterFilter,
  type RegisterList,
  type RegisterPage,
  type RegisterQuery,
  type RegisterRow,
  type RegisterSort,
} from '@portal/shared/schemas/register';
import type { Database } from '../../platform/db/database.js';
import { filtersByOffice } from '../../platform/db/office-filter.js';
import { listOffices } from '../offices/offices.repository.js';
import type { DB, Stage } from '../../platform/db/schema.js';
import { clearApplicationDeleted, markApplicationDeleted } from '../applications/application-delete.js';
import { writeAudit } from '../audit/audit.repository.js';
import { dhakaDayStart, likePattern, parseSearchDate, SEARCH_TEXT } from '../requests/queue.repository.js';
import { enqueueSms } from '../sms/outbox.js';

/**
 * SQL of the office's register (spec 2 §2 "Application lists"; docs/decisions/037-register-lists-and-exports.md):
 * the four lists paged, searched, sorted, filtered and counted by PostgreSQL; the export read in
 * keyset batches; and the register's three changes (text, delete, restore), each writing its audit
 * row here, in the transaction that makes it.
 */

type Nullable<T> = { [K in keyof T]: T[K] | null };
type Tables = DB & {
  a: DB['applications'];
  li: Nullable<DB['licences']>;
  lr: Nullable<DB['licences']>;
  d: Nullable<DB['staff_users']>;
};
type Eb = ExpressionBuilder<Tables, 'a' | 'li' | 'lr' | 'd'>;

/**
 * The search of spec 2 §5 (number, name, mobile, upazila, village, union, mouza, JL and dag number:
 * the officers' indexed expression) and the father's name, each through its own trigram index
 * (migrations/20261121-03 and 20261124-09), so a substring search stays an index scan.
 */
const FATHER_SEARCH = sql<string>`lower(a.father_name)`;

/**
 * The search in one office of a deployment of several (docs/decisions/057-offices.md, "The
 * register's search"): the ids it finds, read first by a subquery the planner plans on its own.
 * - Raw SQL, so the office filter (db/office-filter.ts) leaves it to the policy alone. With both
 *   `office_id = N` and the policy's `office_id = ANY(…)` the planner multiplies their
 *   selectivities, expects 2 of the office's rows, and tests the LIKE on each of its 1,000: 2–5 ms
 *   a query on a deployment of 494 offices.
 * - It names the office-led trigram indexes' own expressions (`|| ''`, migration 20261128-11), so
 *   the policy's office set is their first key: 0.5 ms, where the plain indexes read the whole
 *   country's entries (1.7 ms for a mobile number, 76 ms for a common surname).
 * - ARRAY(…) runs once (an InitPlan); the rows are then fetched by id. Its `a` is the subquery's
 *   own applications.
 * A single-office deployment keeps the plain conditions (its plain indexes are the office's), and
 * so does a scope of several offices (the policy alone already; a page walks the date order and
 * stops at its 20th match).
 */
const searchedIds = (pattern: string) =>
  sql<SqlBool>`a.id = ANY(ARRAY(SELECT a.id FROM applications a
    WHERE (${SEARCH_TEXT} || '') LIKE ${pattern} OR (${FATHER_SEARCH} || '') LIKE ${pattern}))`;

/** Whether `db` searches through searchedIds: one office's scope, on a deployment of several. */
async function searchesByOffice(db: Database): Promise<boolean> {
  return filtersByOffice(db) && (await listOffices(db)).length > 1;
}

/** The licence a row shows: the one a renewal or change names, else the one it issued. */
const LICENCE_NUMBER = sql<number | null>`coalesce(lr.licence_number, li.licence_number)`;

const SORT_COLUMNS = {
  applicationNumber: sql.ref('a.application_number'),
  kind: sql.ref('a.kind'),
  applicantName: sql.ref('a.applicant_name'),
  fatherName: sql.ref('a.father_name'),
  mobile: sql.ref('a.mobile'),
  village: sql.ref('a.village'),
  union: sql.ref('a.union_name'),
  mouza: sql.ref('a.mouza'),
  submittedAt: sql.ref('a.submitted_at'),
  stage: sql.ref('a.stage'),
  deletedAt: sql.ref('a.deleted_at'),
} as const satisfies Record<RegisterSort, unknown>;

/** The kinds a list shows: its own, or the one kind a filter asks for (checked to be one of them). */
export function kindsOf(list: RegisterList, kind: StoredKind | undefined): readonly StoredKind[] {
  return kind ? [kind] : REGISTER_KINDS[list];
}

type Where = (eb: Eb) => Expression<SqlBool>;

/** Every condition of a filter except the stage (the counters group by it); `byOffice`: searchesByOffice. */
function conditions(list: RegisterList, f: RegisterFilter, byOffice: boolean): Where[] {
  const out: Where[] = [
    // An application still receiving its files is not yet one (decision 010).
    (eb) => eb('a.intake_status', '=', 'complete'),
    (eb) => eb('a.kind', 'in', kindsOf(list, f.kind)),
    (eb) => eb('a.deleted_at', f.deleted ? 'is not' : 'is', null),
  ];
  if (f.union) {
    const union = f.union;
    out.push((eb) => eb('a.union_name', '=', union));
  }
  if (f.from) {
    const from = dhakaDayStart(f.from);
    out.push((eb) => eb('a.submitted_at', '>=', from));
  }
  if (f.to) {
    const end = new Date(dhakaDayStart(f.to).getTime() + 86_400_000);
    out.push((eb) => eb('a.submitted_at', '<', end));
  }
  if (f.q) {
    const q = f.q;
    out.push((eb) => {
      const pattern = likePattern(q);
      const ors: Expression<SqlBool>[] = byOffice
        ? [searchedIds(pattern)]
        : [eb(SEARCH_TEXT, 'like', pattern), eb(FATHER_SEARCH, 'like', pattern)];
      // A typed date (21-11-2026) also finds what was submitted that day (spec 2 §5 "date").
      const date = parseSearchDate(q);
      if (date) {
        const start = dhakaDayStart(date);
        ors.push(
          eb.and([
            eb('a.submitted_at', '>=', start),
            eb('a.submitted_at', '<', new Date(start.getTime() + 86_400_000)),
          ]),
        );
      }
      return eb.or(ors);
    });
  }
  return out;
}

function from(db: Database | Transaction<DB>) {
  return (
    db
      .selectFrom('applications as a')
      // The licence a new or old application issued, and the licence a renewal or change names.
      .leftJoin('licences as li', 'li.application_id', 'a.id')
      .leftJoin('licences as lr', 'lr.id', 'a.licence_id')
      .leftJoin('staff_users as d', 'd.id', 'a.deleted_by')
  );
}

function filtered(db: Database, list: RegisterList, f: RegisterFilter, withStage: boolean, byOffice: boolean) {
  let q = from(db);
  for (const where of conditions(list, f, byOffice)) q = q.where(where);
  if (withStage && f.stage) {
    const stage = f.stage;
    q = q.where('a.stage', '=', stage);
  }
  return q;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function listRegister(
  db: Database,
  list: RegisterList,
  query: RegisterQuery,
  opts: { countDeleted: boolean },
): Promise<RegisterPage> {
  const sortCol = SORT_COLUMNS[query.sort];
  const byOffice = query.q ? await searchesByOffice(db) : false;
  const [rows, stageCounts, deleted] = await Promise.all([
    filtered(db, list, query, true, byOffice)
      .select([
        'a.id',
        'a.application_number',
        'a.kind',
        'a.applicant_name',
        'a.father_name',
        'a.mobile',
        'a.village',
        'a.union_name',
        'a.mouza',
        'a.dag_number',
        'a.submitted_at',
        'a.stage',
        'a.deleted_at',
        'a.delete_reason',
        'd.email as deleted_by',
        LICENCE_NUMBER.as('licence_number'),
      ])
      // Plain ASC/DESC, as the indexes are ordered (submitted_at is set on every complete row).
      .orderBy(sortCol, query.dir)
      // A unique tie-breaker keeps paging stable when many rows share the sorted value. Numbers
      // repeat across offices, so the office completes it for an area's list (decision 057); in
      // one office's view the office is a constant the planner drops from the order.
      .orderBy('a.application_number', query.dir)
      .orderBy('a.office_id', query.dir)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    // The stage counters under the same search and filters, whatever stage the list is narrowed to.
    filtered(db, list, query, false, byOffice)
      .select(['a.stage', sql<number>`count(*)::int`.as('n')])
      .groupBy('a.stage')
      .execute(),
    opts.countDeleted && !query.deleted
      ? filtered(db, list, { ...query, deleted: true }, true, byOffice)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => r.n)
      : Promise.resolve(null),
  ]);
  const byStage = emptyStageCounts();
  for (const c of stageCounts) byStage[c.stage] = c.n;
  const all = STAGES.reduce((sum, s) => sum + byStage[s], 0);
  const total = query.stage ? byStage[query.stage] : all;
  return {
    total,
    page: query.page,
    pageSize: query.pageSize,
    counters: { total: all, byStage, deleted: query.deleted ? all : deleted },
    rows: rows.map((r): RegisterRow => ({
      id: r.id,
      applicationNumber: Number(r.application_number),
      kind: r.kind,
      applicantName: r.applicant_name,
      fatherName: r.father_name,
      mobile: r.mobile,
      village: r.village,
      union: r.union_name,
      mouza: r.mouza,
      dagNumber: r.dag_number,
      submittedAt: iso(r.submitted_at),
      stage: r.stage,
      licenceNumber: r.licence_number === null ? null : Number(r.licence_number),
      deletedAt: iso(r.deleted_at),
      deletedBy: r.deleted_by,
      deleteReason: r.delete_reason,
      restorableUntil: r.deleted_at
        ? new Date(new Date(r.deleted_at).getTime() + RESTORE_DAYS * 86_400_000).toISOString()
        : null,
    })),
  };
}

/** What one exported row is read from (register-csv.ts maps it to the legacy columns). */
export interface RegisterCsvSource {
  application_number: number;
  kind: StoredKind;
  applicant_name: string;
  father_name: string;
  mobile: string;
  upazila: string;
  village: string;
  union_name: string;
  mouza: string;
  jl_number: string;
  dag_number: string;
  stage: Stage;
  submitted_at: Date | null;
  post_office: string | null;
  khotian: string | null;
  new_dag_number: string | null;
  pump_type: string | null;
  well_class: string | null;
  well_size: string | null;
  licence_number: number | null;
}

/** Rows read per query while exporting: the download streams, so memory stays flat at any size. */
export const EXPORT_BATCH = 1000;

/** A text or number form field as text (the form's own code values). */
const field = (name: string) =>
  sql<string | null>`case when jsonb_typeof(a.fields->${name}) in ('string', 'number') then a.fields->>${name} end`;

/**
 * The rows of a list's export under its filters, newest first as the list shows them, read in keyset
 * batches of EXPORT_BATCH as the download is written (docs/decisions/015: http/csv.ts writes the
 * file). The key is (submitted_at, application_number), the order of applications_register_idx, so
 * every batch is one index range whatever the table's statistics say (the embedded database has
 * no autovacuum to gather them). Only the columns the export writes are read.
 */
export async function* registerCsvRows(
  db: Database,
  list: RegisterList,
  f: RegisterFilter,
  batch = EXPORT_BATCH,
): AsyncGenerator<RegisterCsvSource> {
  // The cursor keeps submitted_at as PostgreSQL's text (microseconds): a JavaScript Date would
  // round it to milliseconds and skip rows at the edge of a batch.
  let after: { at: string; number: number } | null = null;
  const byOffice = f.q ? await searchesByOffice(db) : false;
  for (;;) {
    let q = filtered(db, list, f, true, byOffice).select([
      'a.application_number',
      'a.kind',
      'a.applicant_name',
      'a.father_name',
      'a.mobile',
      'a.upazila',
      'a.village',
      'a.union_name',
      'a.mouza',
      'a.jl_number',
      'a.dag_number',
      'a.stage',
      'a.submitted_at',
      sql<string>`a.submitted_at::text`.as('at'),
      field('postOffice').as('post_office'),
      field('khotian').as('khotian'),
      field('newDagNumber').as('new_dag_number'),
      field('pumpType').as('pump_type'),
      field('wellClass').as('well_class'),
      field('wellSize').as('well_size'),
      LICENCE_NUMBER.as('licence_number'),
    ]);
    if (after) {
      const { at, number } = after;
      q = q.where(sql<SqlBool>`(a.submitted_at, a.application_number) < (${at}::timestamptz, ${number})`);
    }
    const rows = await q
      .orderBy('a.submitted_at', 'desc')
      .orderBy('a.application_number', 'desc')
      .limit(batch)
      .execute();
    for (const r of rows) yield r;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, number: Number(last.application_number) };
  }
}

type Trx = Transaction<DB>;
type Actor = { userId: number; email: string };

/** A live application under a row lock: what the register's changes need of it. */
export async function lockLiveApplication(trx: Trx, id: string) {
  return trx
    .selectFrom('applications')
    .select(['id', 'application_number', 'mobile', 'stage'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Queues one text to the application's mobile through the durable outbox and records it on the
 * application: the audit row carries the message (decision 037). The dedupe key makes a repeat
 * queue nothing; the answer says whether this call queued it.
 */
export async function queueApplicationSms(
  trx: Trx,
  input: { applicationId: string; to: string; body: string; message: string; dedupeKey: string; by: Actor; at: Date },
): Promise<boolean> {
  const seen = await trx
    .selectFrom('sms_outbox')
    .select('id')
    .where('dedupe_key', '=', input.dedupeKey)
    .executeTakeFirst();
  if (seen) return false;
  await enqueueSms(trx, { to: input.to, body: input.body, kind: 'register', dedupeKey: input.dedupeKey });
  await writeAudit(trx, {
    applicationId: input.applicationId,
    actor: input.by,
    action: 'registerSms',
    note: input.message,
    details: { to: input.to },
    at: input.at,
  });
  return true;
}

/**
 * The soft delete: the row stays (its number is never given again: the sequence is untouched) but
 * leaves every list, count and lookup (isLive). Audited with the reason. Null when there is no
 * live application with this id.
 */
export async function softDeleteApplication(
  trx: Trx,
  input: { id: string; reason: string; by: Actor; at: Date },
): Promise<{ applicationNumber: number; deletedAt: Date } | null> {
  const row = await markApplicationDeleted(trx, {
    id: input.id,
    at: input.at,
    byUserId: input.by.userId,
    reason: input.reason,
  });
  if (!row) return null;
  await writeAudit(trx, {
    applicationId: input.id,
    actor: input.by,
    action: 'registerDelete',
    fromStage: row.stage,
    note: input.reason,
    details: { applicationNumber: Number(row.application_number) },
    at: input.at,
  });
  return { applicationNumber: Number(row.application_number), deletedAt: input.at };
}

/** A deleted application under a row lock, for its restore. */
export async function lockDeletedApplication(trx: Trx, id: string) {
  return trx
    .selectFrom('applications')
    .select(['id', 'application_number', 'stage', 'deleted_at', 'deleted_by', 'delete_reason'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Undoes a soft delete; the audit row keeps when, by whom and why it had been deleted. */
export async function restoreApplication(
  trx: Trx,
  input: {
    id: string;
    deleted: { at: Date; by: number | null; reason: string | null };
    stage: Stage;
    by: Actor;
    at: Date;
  },
): Promise<void> {
  await clearApplicationDeleted(trx, input.id);
  await writeAudit(trx, {
    applicationId: input.id,
    actor: input.by,
    action: 'registerRestore',
    toStage: input.stage,
    note: input.deleted.reason,
    details: { deletedAt: input.deleted.at.toISOString(), deletedBy: input.deleted.by },
    at: input.at,
  });
}
