import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  COMPLAINT_SLOTS,
  COPY_SLOTS,
  type ServiceKind,
  type ServiceListQuery,
  type ServiceRow,
  type ServiceStatus,
} from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { Database } from '../../db/database.js';

/**
 * SQL of complaints and copy requests (spec 1 §3, spec 2 §3). The two tables share their intake
 * and status columns, so one set of functions serves both; `TABLE` and `FILE_FK` say which.
 */
type Db = Kysely<DB> | Transaction<DB>;

const TABLE = { complaint: 'complaints', copy: 'copy_requests' } as const;
const FILE_FK = { complaint: 'complaint_id', copy: 'copy_request_id' } as const;

/** The columns both tables have; queries on the shared part are typed against complaints. */
const shared = (kind: ServiceKind) => TABLE[kind] as 'complaints';

export interface ManifestEntry {
  slot: string;
  size: number;
  sha256: string;
  mime: string;
  name?: string;
}

export interface Intake {
  id: string;
  referenceNumber: number;
  contentHash: string;
  intakeStatus: 'receiving' | 'complete';
  manifest: ManifestEntry[];
  mobile: string;
}

export async function findIntake(
  db: Db,
  kind: ServiceKind,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<Intake | null> {
  let q = db
    .selectFrom(shared(kind))
    .select(['id', 'reference_number', 'content_hash', 'intake_status', 'file_manifest', 'mobile'])
    .where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    referenceNumber: Number(row.reference_number),
    contentHash: row.content_hash,
    intakeStatus: row.intake_status,
    manifest: row.file_manifest as ManifestEntry[],
    mobile: row.mobile,
  };
}

/** Inserts the request; null when another request with the same id got there first. */
export async function insertComplaint(
  db: Db,
  input: { id: string; contentHash: string; manifest: ManifestEntry[]; name: string; mobile: string; now: Date },
): Promise<{ referenceNumber: number } | null> {
  const row = await db
    .insertInto('complaints')
    .values({
      id: input.id,
      content_hash: input.contentHash,
      file_manifest: JSON.stringify(input.manifest),
      name: input.name,
      mobile: input.mobile,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('reference_number')
    .executeTakeFirst();
  return row ? { referenceNumber: Number(row.reference_number) } : null;
}

export async function insertCopyRequest(
  db: Db,
  input: {
    id: string;
    contentHash: string;
    manifest: ManifestEntry[];
    licenceNumber: string;
    mobile: string;
    fee: string;
    appType: 'lost' | 'destroyed';
    now: Date;
  },
): Promise<{ referenceNumber: number } | null> {
  const row = await db
    .insertInto('copy_requests')
    .values({
      id: input.id,
      content_hash: input.contentHash,
      file_manifest: JSON.stringify(input.manifest),
      licence_number: input.licenceNumber,
      mobile: input.mobile,
      fee: input.fee,
      app_type: input.appType,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('reference_number')
    .executeTakeFirst();
  return row ? { referenceNumber: Number(row.reference_number) } : null;
}

export interface HeldFile {
  sha256: string;
  mime: string;
  size: number;
}

export async function storedSlots(db: Db, kind: ServiceKind, id: string): Promise<Map<string, HeldFile>> {
  const rows = await db
    .selectFrom('service_files as f')
    .innerJoin('blobs as b', 'b.id', 'f.blob_id')
    .select(['f.slot', 'b.sha256', 'b.mime', 'b.size'])
    .where(`f.${FILE_FK[kind]}`, '=', id)
    .execute();
  return new Map(rows.map((r) => [r.slot, { sha256: r.sha256, mime: r.mime, size: r.size }]));
}

/** Stores the bytes (type already sniffed) and links them to the slot, replacing what it held. */
export async function saveServiceFile(
  trx: Transaction<DB>,
  input: {
    kind: ServiceKind;
    requestId: string;
    slot: string;
    bytes: Uint8Array;
    mime: string;
    sha256: string;
    originalName: string | null;
    at: Date;
  },
): Promise<void> {
  const fk = FILE_FK[input.kind];
  const previous = await trx
    .selectFrom('service_files')
    .select(['id', 'blob_id'])
    .where(fk, '=', input.requestId)
    .where('slot', '=', input.slot)
    .executeTakeFirst();
  const blobId = crypto.randomUUID();
  await trx
    .insertInto('blobs')
    .values({
      id: blobId,
      bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
      mime: input.mime,
      size: input.bytes.byteLength,
      sha256: input.sha256,
    })
    .execute();
  if (previous) {
    await trx.deleteFrom('service_files').where('id', '=', previous.id).execute();
    await trx.deleteFrom('blobs').where('id', '=', previous.blob_id).execute();
  }
  await trx
    .insertInto('service_files')
    .values({
      id: crypto.randomUUID(),
      complaint_id: input.kind === 'complaint' ? input.requestId : null,
      copy_request_id: input.kind === 'copy' ? input.requestId : null,
      slot: input.slot,
      blob_id: blobId,
      original_name: input.originalName?.slice(0, 255) ?? null,
      uploaded_at: input.at,
    })
    .execute();
}

export async function markComplete(db: Db, kind: ServiceKind, id: string, now: Date): Promise<void> {
  await db
    .updateTable(shared(kind))
    .set({ intake_status: 'complete', submitted_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

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
