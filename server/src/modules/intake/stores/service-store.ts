import crypto from 'node:crypto';
import type { ManifestEntry, ServiceKind } from '@portal/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.js';
import { insertBlob, sha256Hex } from '../../../platform/files/blob-store.js';
import type { Db, HeldFile, IntakeRow, IntakeStore } from './types.js';

/**
 * SQL of the intake of complaints and copy requests (spec 1 §3). The two tables share their intake
 * columns, so one store serves both; `TABLE` and `FILE_FK` say which. The office's lists and status
 * changes are in features/services/services.repository.ts.
 */
const TABLE = { complaint: 'complaints', copy: 'copy_requests' } as const;
const FILE_FK = { complaint: 'complaint_id', copy: 'copy_request_id' } as const;
/** The columns both tables have; queries on the shared part are typed against complaints. */
const shared = (kind: ServiceKind) => TABLE[kind] as 'complaints';

interface Base {
  id: string;
  contentHash: string;
  manifest: ManifestEntry[];
  mobile: string;
  now: Date;
}

/** Inserts the complaint; null when another request with the same id got there first. */
export async function insertComplaint(
  db: Db,
  input: Base & { name: string },
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

/** Inserts the copy request; null when another request with the same id got there first. */
export async function insertCopyRequest(
  db: Db,
  input: Base & { licenceNumber: string; fee: string; appType: 'lost' | 'destroyed' },
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

export function serviceStore(kind: ServiceKind): IntakeStore {
  const fk = FILE_FK[kind];
  return {
    async find(db, id, opts = {}): Promise<IntakeRow | null> {
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
        fields: {},
      };
    },

    async storedSlots(db, id): Promise<Map<string, HeldFile>> {
      const rows = await db
        .selectFrom('service_files as f')
        .innerJoin('blobs as b', 'b.id', 'f.blob_id')
        .select(['f.slot', 'b.sha256', 'b.mime', 'b.size'])
        .where(`f.${fk}`, '=', id)
        .execute();
      return new Map(rows.map((r) => [r.slot, { sha256: r.sha256, mime: r.mime, size: r.size }]));
    },

    /** Stores the bytes (already checked) and links them to the slot, replacing what it held. */
    async saveFile(trx: Transaction<DB>, input): Promise<HeldFile> {
      const { bytes, mime } = input.file;
      const sha256 = sha256Hex(bytes);
      const previous = await trx
        .selectFrom('service_files')
        .select(['id', 'blob_id'])
        .where(fk, '=', input.id)
        .where('slot', '=', input.slot)
        .executeTakeFirst();
      const blobId = crypto.randomUUID();
      await insertBlob(trx, { id: blobId, file: input.file, sha256 });
      if (previous) {
        await trx.deleteFrom('service_files').where('id', '=', previous.id).execute();
        await trx.deleteFrom('blobs').where('id', '=', previous.blob_id).execute();
      }
      await trx
        .insertInto('service_files')
        .values({
          id: crypto.randomUUID(),
          complaint_id: kind === 'complaint' ? input.id : null,
          copy_request_id: kind === 'copy' ? input.id : null,
          slot: input.slot,
          blob_id: blobId,
          original_name: input.originalName?.slice(0, 255) ?? null,
          uploaded_at: input.at,
        })
        .execute();
      return { sha256, mime, size: bytes.byteLength };
    },

    async markComplete(trx, id, now) {
      await trx
        .updateTable(shared(kind))
        .set({ intake_status: 'complete', submitted_at: now, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
  };
}
