import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AcceptedFileType, ArchiveFile, ArchiveVisibility } from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import { insertBlob, isUuid, type Db } from './content-blobs.js';
import { writeAudit, type StaffActor } from '../audit/audit.repository.js';

/** The file archive (spec 2 §2 File Archive): Public files are the visitors' /downloads. */
export async function insertArchiveFile(
  trx: Transaction<DB>,
  input: {
    name: string;
    visibility: ArchiveVisibility;
    bytes: Uint8Array;
    mime: AcceptedFileType;
    by: StaffActor;
    now: Date;
  },
): Promise<ArchiveFile> {
  const blobId = await insertBlob(trx, input.bytes, input.mime);
  const id = crypto.randomUUID();
  await trx
    .insertInto('archive_files')
    .values({
      id,
      name: input.name,
      visibility: input.visibility,
      blob_id: blobId,
      created_by: input.by.userId,
      created_at: input.now,
    })
    .execute();
  await writeAudit(trx, {
    applicationId: null,
    entity: { type: 'archiveFile', id, label: input.name },
    actor: input.by,
    action: 'archiveFile.create',
    details: { visibility: input.visibility, mime: input.mime, size: input.bytes.byteLength },
    at: input.now,
  });
  return {
    id,
    name: input.name,
    visibility: input.visibility,
    mime: input.mime,
    size: input.bytes.byteLength,
    createdAt: input.now.toISOString(),
  };
}

/** Newest first; `publicOnly` for visitors. */
export async function listArchiveFiles(db: Db, opts: { publicOnly: boolean }): Promise<ArchiveFile[]> {
  let q = db
    .selectFrom('archive_files as a')
    .innerJoin('blobs as b', 'b.id', 'a.blob_id')
    .select(['a.id', 'a.name', 'a.visibility', 'b.mime', 'b.size', 'a.created_at'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id');
  if (opts.publicOnly) q = q.where('a.visibility', '=', 'Public');
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    visibility: r.visibility,
    mime: r.mime,
    size: r.size,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export interface ArchiveBytes {
  name: string;
  visibility: ArchiveVisibility;
  bytes: Uint8Array;
  mime: AcceptedFileType;
}

/** The file with its bytes; `publicOnly` makes a Private file look exactly like a missing one. */
export async function readArchiveFile(db: Db, id: string, opts: { publicOnly: boolean }): Promise<ArchiveBytes | null> {
  if (!isUuid(id)) return null;
  let q = db
    .selectFrom('archive_files as a')
    .innerJoin('blobs as b', 'b.id', 'a.blob_id')
    .select(['a.name', 'a.visibility', 'b.bytes', 'b.mime'])
    .where('a.id', '=', id);
  if (opts.publicOnly) q = q.where('a.visibility', '=', 'Public');
  const row = await q.executeTakeFirst();
  return row ? { ...row, mime: row.mime as AcceptedFileType } : null;
}

/** Deletes the file and its bytes; the audit row keeps its name and visibility (decision 041). */
export async function deleteArchiveFile(trx: Transaction<DB>, id: string, by: StaffActor, now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await trx
    .deleteFrom('archive_files')
    .where('id', '=', id)
    .returning(['blob_id', 'name', 'visibility'])
    .executeTakeFirst();
  if (!row) return false;
  await trx.deleteFrom('blobs').where('id', '=', row.blob_id).execute();
  await writeAudit(trx, {
    applicationId: null,
    entity: { type: 'archiveFile', id, label: row.name },
    actor: by,
    action: 'archiveFile.delete',
    details: { visibility: row.visibility },
    at: now,
  });
  return true;
}
