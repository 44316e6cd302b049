import { sql, type Kysely, type Transaction } from 'kysely';
import {
  COMPLAINT_SLOTS,
  COPY_SLOTS,
  type ServiceKind,
  type ServiceListQuery,
  type ServiceRow,
  type ServiceStatus,
} from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import type { Database } from '../../platform/db/database.js';

/**
 * SQL of the office's work on complaints and copy requests (spec 2 §3); their intake is in
 * server/src/modules/intake/stores/service-store.ts. The two tables share their status columns, so one set
 * of functions serves both; `TABLE` and `FILE_FK` say which.
 */
type Db = Kysely<DB> | Transaction<DB>;

const TABLE = { complaint: 'complaints', copy: 'copy_requests' } as const;
const FILE_FK = { complaint: 'complaint_id', copy: 'copy_request_id' } as const;

/** The columns both tables have; queries on the shared part are typed against complaints. */
const shared = (kind: ServiceKind) => TABLE[kind] as 'complaints';

// ---- The office's lists (spec 2 §2 "Complaint list and Copy Application list") ---------------------

const SEARCH = {
  complaint: sql<string>`lower(t.reference_number::text || ' ' || t.name || ' ' || t.mobile || ' ' || t.status_note)`,
  copy: sql<string>`lower(t.reference_number::text || ' ' || t.licence_number || ' ' || t.mobile || ' ' || t.fee || ' ' || t.status_note)`,
};

const SORT: Record<ServiceKind, Record<ServiceListQuery['sort'], string>> = {
  complaint: {
    referenceNumber: 't.reference_number',
    name: 't.name',
    licenceNumber: 't.reference_number',
    mobile: 't.mobile',
    status: 't.status',
    submittedAt: 't.submitted_at',
  },
  copy: {
    referenceNumber: 't.reference_number',
    name: 't.reference_number',
    licenceNumber: 't.licence_number',
    mobile: 't.mobile',
    status: 't.status',
    submittedAt: 't.submitted_at',
  },
};

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Only complete requests are listed: one still receiving files is not yet the office's business. */
export async function listRequests(
  db: Database,
  kind: ServiceKind,
  query: ServiceListQuery,
): Promise<{ rows: ServiceRow[]; total: number }> {
  const table = sql.table(TABLE[kind]);
  const where = query.q
    ? sql`t.intake_status = 'complete' AND ${SEARCH[kind]} LIKE ${likePattern(query.q)}`
    : sql`t.intake_status = 'complete'`;
  const order = sql.raw(
    `${SORT[kind][query.sort]} ${query.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, t.reference_number DESC`,
  );
  const offset = (query.page - 1) * query.pageSize;
  const [countResult, pageResult] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM ${table} t WHERE ${where}`.execute(db),
    sql<
      Record<string, unknown>
    >`SELECT t.* FROM ${table} t WHERE ${where} ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`.execute(db),
  ]);
  const ids = pageResult.rows.map((r) => r.id as string);
  const fk = FILE_FK[kind];
  const files = ids.length
    ? await db
        .selectFrom('service_files as f')
        .innerJoin('blobs as b', 'b.id', 'f.blob_id')
        .select([`f.${fk} as requestId`, 'f.id', 'f.slot', 'b.mime', 'b.size'])
        .where(`f.${fk}`, 'in', ids)
        .execute()
    : [];
  const slotOrder = SLOT_ORDER[kind];
  const rows = pageResult.rows.map((r): ServiceRow => ({
    id: r.id as string,
    referenceNumber: Number(r.reference_number),
    name: (r.name as string | undefined) ?? '',
    licenceNumber: (r.licence_number as string | undefined) ?? '',
    fee: (r.fee as string | undefined) ?? '',
    appType: (r.app_type as 'lost' | 'destroyed' | undefined) ?? null,
    mobile: r.mobile as string,
    status: r.status as ServiceStatus,
    statusNote: r.status_note as string,
    submittedAt: r.submitted_at ? new Date(r.submitted_at as string).toISOString() : null,
    files: files
      .filter((f) => f.requestId === r.id)
      .map((f) => ({ id: f.id, slot: f.slot, mime: f.mime, size: f.size }))
      .sort((a, b) => slotOrder(a.slot) - slotOrder(b.slot)),
  }));
  return { rows, total: countResult.rows[0]?.n ?? 0 };
}

const SLOT_ORDER: Record<ServiceKind, (slot: string) => number> = {
  complaint: (s) => (COMPLAINT_SLOTS as readonly string[]).indexOf(s),
  copy: (s) => (COPY_SLOTS as readonly string[]).indexOf(s),
};

export async function findStatus(
  db: Db,
  kind: ServiceKind,
  id: string,
): Promise<{ referenceNumber: number; status: ServiceStatus; note: string } | null> {
  const row = await db
    .selectFrom(shared(kind))
    .select(['reference_number', 'status', 'status_note'])
    .where('id', '=', id)
    .where('intake_status', '=', 'complete')
    .forUpdate()
    .executeTakeFirst();
  return row ? { referenceNumber: Number(row.reference_number), status: row.status, note: row.status_note } : null;
}

export async function updateStatus(
  db: Db,
  kind: ServiceKind,
  id: string,
  status: ServiceStatus,
  note: string,
  now: Date,
): Promise<void> {
  await db.updateTable(shared(kind)).set({ status, status_note: note, updated_at: now }).where('id', '=', id).execute();
}

/** Deletes the request with its files (the link rows cascade; the blobs are removed here). */
export async function deleteRequest(db: Db, kind: ServiceKind, id: string): Promise<void> {
  const blobs = await db.selectFrom('service_files').select('blob_id').where(FILE_FK[kind], '=', id).execute();
  await db.deleteFrom(shared(kind)).where('id', '=', id).execute();
  if (blobs.length)
    await db
      .deleteFrom('blobs')
      .where(
        'id',
        'in',
        blobs.map((b) => b.blob_id),
      )
      .execute();
}

export async function readServiceFile(
  db: Db,
  fileId: string,
): Promise<{ bytes: Uint8Array; mime: string; slot: string } | null> {
  const row = await db
    .selectFrom('service_files as f')
    .innerJoin('blobs as b', 'b.id', 'f.blob_id')
    .select(['b.bytes', 'b.mime', 'f.slot'])
    .where('f.id', '=', fileId)
    .executeTakeFirst();
  return row ?? null;
}
