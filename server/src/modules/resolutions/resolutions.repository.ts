import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  ParsedResolutionInput,
  Resolution,
  ResolutionApplication,
  ResolutionListQuery,
  ResolutionRow,
} from '@portal/shared/schemas/resolutions';
import type { DB } from '../../platform/db/schema.js';
import { isLive } from '../applications/applications.repository.js';
import { writeAudit } from '../audit/audit.repository.js';

/**
 * SQL of the irrigation committee's resolutions (docs/decisions/036-resolutions.md), the one writer
 * of the resolutions table. Each change writes its audit row here, beside the statement that makes
 * it, inside the caller's transaction (application_id null; details name the resolution and carry
 * the values before and after), so no route can change a resolution without its row.
 */
type Db = Kysely<DB> | Transaction<DB>;
export interface Actor {
  userId: number;
  email: string;
}
/** What a resolution is, as the audit shows it. */
type Values = Pick<Resolution, 'title' | 'rangeFrom' | 'rangeTo' | 'html'>;

const SORT: Record<ResolutionListQuery['sort'], string> = {
  title: 'r.title',
  rangeFrom: 'r.range_from',
  createdAt: 'r.created_at',
  updatedAt: 'r.updated_at',
};

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The applications a range holds, as the printed view lists them: complete ones (a submission
 * still receiving its files is not the office's yet) that are not deleted (decision 037).
 */
const inRange = (from: unknown, to: unknown) =>
  sql`a.application_number BETWEEN ${from} AND ${to} AND a.intake_status = 'complete' AND ${isLive('a')}`;

/**
 * The list (spec 2 §2 "All lists share"), paged, searched and sorted by PostgreSQL. A search of
 * digits also finds the resolutions whose range holds that application number.
 */
export async function listResolutions(
  db: Db,
  query: ResolutionListQuery,
): Promise<{ rows: ResolutionRow[]; total: number }> {
  const q = query.q;
  const number = q && /^\d{1,9}$/.test(q) ? Number(q) : null;
  const where = !q
    ? sql`TRUE`
    : number !== null
      ? sql`(lower(r.title) LIKE ${likePattern(q)} OR ${number} BETWEEN r.range_from AND r.range_to)`
      : sql`lower(r.title) LIKE ${likePattern(q)}`;
  const order = sql.raw(
    `${SORT[query.sort]} ${query.dir === 'asc' ? 'ASC' : 'DESC'}, r.id ${query.dir === 'asc' ? 'ASC' : 'DESC'}`,
  );
  const offset = (query.page - 1) * query.pageSize;
  const [count, page] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM resolutions r WHERE ${where}`.execute(db),
    sql<{
      id: number;
      title: string;
      range_from: number;
      range_to: number;
      created_at: Date;
      updated_at: Date;
      application_count: number;
    }>`SELECT r.id, r.title, r.range_from, r.range_to, r.created_at, r.updated_at,
          (SELECT count(*)::int FROM applications a WHERE ${inRange(sql.ref('r.range_from'), sql.ref('r.range_to'))}) AS application_count
        FROM resolutions r WHERE ${where}
        ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`.execute(db),
  ]);
  return {
    total: count.rows[0]?.n ?? 0,
    rows: page.rows.map((r) => ({
      id: r.id,
      title: r.title,
      rangeFrom: r.range_from,
      rangeTo: r.range_to,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      applicationCount: r.application_count,
    })),
  };
}

export async function findResolution(
  db: Db,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<Resolution | null> {
  let query = db
    .selectFrom('resolutions')
    .select(['id', 'title', 'range_from', 'range_to', 'html', 'created_at', 'updated_at'])
    .where('id', '=', id);
  if (opts.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row
    ? {
        id: row.id,
        title: row.title,
        rangeFrom: row.range_from,
        rangeTo: row.range_to,
        html: row.html,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      }
    : null;
}

const valuesOf = (r: Values): Values => ({ title: r.title, rangeFrom: r.rangeFrom, rangeTo: r.rangeTo, html: r.html });

/** Creates the resolution (its html already sanitised) and its audit row. */
export async function insertResolution(
  trx: Transaction<DB>,
  actor: Actor,
  input: ParsedResolutionInput,
  now: Date,
): Promise<number> {
  const { id } = await trx
    .insertInto('resolutions')
    .values({
      title: input.title,
      range_from: input.rangeFrom,
      range_to: input.rangeTo,
      html: input.html,
      created_by: actor.userId,
      created_at: now,
      updated_by: actor.userId,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeAudit(trx, {
    applicationId: null,
    actor,
    action: 'resolution-created',
    details: { resolutionId: id, after: valuesOf(input) },
    at: now,
  });
  return id;
}

/**
 * Writes the new values over `before` (read FOR UPDATE in this transaction) and audits the fields
 * that changed, each with its value before and after. Nothing changed: no write, no row.
 */
export async function updateResolution(
  trx: Transaction<DB>,
  actor: Actor,
  before: Resolution,
  input: ParsedResolutionInput,
  now: Date,
): Promise<void> {
  const old = valuesOf(before);
  const next = valuesOf(input);
  const changed = (Object.keys(next) as (keyof Values)[]).filter((k) => old[k] !== next[k]);
  if (changed.length === 0) return;
  await trx
    .updateTable('resolutions')
    .set({
      title: next.title,
      range_from: next.rangeFrom,
      range_to: next.rangeTo,
      html: next.html,
      updated_by: actor.userId,
      updated_at: now,
    })
    .where('id', '=', before.id)
    .execute();
  await writeAudit(trx, {
    applicationId: null,
    actor,
    action: 'resolution-updated',
    details: {
      resolutionId: before.id,
      before: Object.fromEntries(changed.map((k) => [k, old[k]])),
      after: Object.fromEntries(changed.map((k) => [k, next[k]])),
    },
    at: now,
  });
}

/** Deletes the resolution; its audit row keeps everything it was, so the minutes are never lost. */
export async function deleteResolution(
  trx: Transaction<DB>,
  actor: Actor,
  before: Resolution,
  now: Date,
): Promise<void> {
  await trx.deleteFrom('resolutions').where('id', '=', before.id).execute();
  await writeAudit(trx, {
    applicationId: null,
    actor,
    action: 'resolution-deleted',
    details: { resolutionId: before.id, before: valuesOf(before) },
    at: now,
  });
}

/**
 * The applications of a range in number order, with the licence each issued (New and Existing
 * applications issue one; licences.application_id). The range is at most RESOLUTION_SPAN_MAX
 * numbers wide, so the answer is bounded; the unique index on application_number finds it.
 */
export async function applicationsInRange(db: Db, from: number, to: number): Promise<ResolutionApplication[]> {
  const result = await sql<{
    id: string;
    application_number: number | string;
    kind: ResolutionApplication['kind'];
    applicant_name: string;
    father_name: string;
    village: string;
    union_name: string;
    mouza: string;
    dag_number: string;
    stage: ResolutionApplication['stage'];
    licence_number: number | string | null;
  }>`SELECT a.id, a.application_number, a.kind, a.applicant_name, a.father_name, a.village, a.union_name,
        a.mouza, a.dag_number, a.stage, li.licence_number
      FROM applications a LEFT JOIN licences li ON li.application_id = a.id
      WHERE ${inRange(from, to)}
      ORDER BY a.application_number`.execute(db);
  return result.rows.map((r) => ({
    id: r.id,
    applicationNumber: Number(r.application_number),
    kind: r.kind,
    applicantName: r.applicant_name,
    fatherName: r.father_name,
    village: r.village,
    union: r.union_name,
    mouza: r.mouza,
    dagNumber: r.dag_number,
    stage: r.stage,
    licenceNumber: r.licence_number === null ? null : Number(r.licence_number),
  }));
}
