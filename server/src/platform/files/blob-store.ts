import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  IMAGE_FILE_TYPES,
  isImageOnlySlot,
  type AcceptedFileType,
  type FileSlot,
  type StoredFile,
} from '@portal/shared';
import type { DB } from '../db/schema.js';
import { Problem } from '../http/problem.js';
import type { CheckedUpload } from './check-upload.js';

/**
 * Attachments of an application. The bytes live in PostgreSQL (docs/decisions/003-file-storage.md):
 * one backup holds everything, a file is written in the same transaction as the row that needs it,
 * and no upload ever lands in a served folder.
 */
type Db = Kysely<DB> | Transaction<DB>;

export function sha256Hex(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** Writes checked bytes as a blob row (the one place blobs are written from an upload). */
export async function insertBlob(trx: Transaction<DB>, b: { id: string; file: CheckedUpload; sha256: string }) {
  const { bytes, mime } = b.file;
  await trx
    .insertInto('blobs')
    .values({
      id: b.id,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      mime,
      size: bytes.byteLength,
      sha256: b.sha256,
    })
    .execute();
}

/**
 * Stores one file in a slot, replacing what the slot held. The file has passed checkUpload (its
 * type comes from its bytes and it opens; run before the transaction, so the database is not held
 * while an image is decoded); photo and signature must be images (415 FILE_MUST_BE_IMAGE, spec 1 §5).
 * A replaced file gets a new id, so a cached URL never shows the old file.
 */
export async function saveAttachment(
  trx: Transaction<DB>,
  input: {
    applicationId: string;
    slot: FileSlot;
    file: CheckedUpload;
    originalName?: string | null;
    uploadedBy?: number | null;
    at?: Date;
    /**
     * Keep the replaced file's bytes: the office's replacement names the old blob in its audit row
     * (docs/decisions/038-edit-view-and-override.md), so what was replaced can still be looked at.
     */
    keepReplaced?: boolean;
  },
): Promise<StoredFile> {
  const { bytes, mime } = input.file;
  if (isImageOnlySlot(input.slot) && !IMAGE_FILE_TYPES.includes(mime)) throw new Problem('FILE_MUST_BE_IMAGE');

  const sha256 = sha256Hex(bytes);
  const blobId = crypto.randomUUID();
  const fileId = crypto.randomUUID();
  const previous = await trx
    .selectFrom('application_files')
    .select('blob_id')
    .where('application_id', '=', input.applicationId)
    .where('slot', '=', input.slot)
    .executeTakeFirst();

  await insertBlob(trx, { id: blobId, file: input.file, sha256 });
  const row = await trx
    .insertInto('application_files')
    .values({
      id: fileId,
      application_id: input.applicationId,
      slot: input.slot,
      blob_id: blobId,
      original_name: input.originalName?.slice(0, 255) ?? null,
      uploaded_by: input.uploadedBy ?? null,
      uploaded_at: input.at ?? new Date(),
    })
    .onConflict((oc) =>
      oc.columns(['application_id', 'slot']).doUpdateSet((eb) => ({
        id: eb.ref('excluded.id'),
        blob_id: eb.ref('excluded.blob_id'),
        original_name: eb.ref('excluded.original_name'),
        uploaded_by: eb.ref('excluded.uploaded_by'),
        uploaded_at: eb.ref('excluded.uploaded_at'),
      })),
    )
    .returning(['id', 'slot', 'original_name', 'uploaded_at'])
    .executeTakeFirstOrThrow();
  if (previous && !input.keepReplaced) await trx.deleteFrom('blobs').where('id', '=', previous.blob_id).execute();

  return {
    id: row.id,
    slot: row.slot as FileSlot,
    mime,
    size: bytes.byteLength,
    sha256,
    originalName: row.original_name,
    uploadedAt: new Date(row.uploaded_at).toISOString(),
  };
}

export interface Attachment {
  bytes: Uint8Array;
  mime: AcceptedFileType;
  slot: FileSlot;
  applicationId: string;
  originalName: string | null;
}

export async function readAttachment(db: Db, fileId: string): Promise<Attachment | null> {
  const row = await db
    .selectFrom('application_files as f')
    .innerJoin('blobs as b', 'b.id', 'f.blob_id')
    .select(['b.bytes', 'b.mime', 'f.slot', 'f.application_id', 'f.original_name'])
    .where('f.id', '=', fileId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    bytes: row.bytes,
    mime: row.mime as AcceptedFileType,
    slot: row.slot as FileSlot,
    applicationId: row.application_id,
    originalName: row.original_name,
  };
}

/** The file in one slot of an application (the id-holder's photo route), or null. */
export async function readAttachmentBySlot(db: Db, applicationId: string, slot: FileSlot): Promise<Attachment | null> {
  const row = await db
    .selectFrom('application_files')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('slot', '=', slot)
    .executeTakeFirst();
  return row ? readAttachment(db, row.id) : null;
}

/** Every stored file of an application (without bytes), in slot order of insertion. */
export async function listAttachments(db: Db, applicationId: string): Promise<StoredFile[]> {
  const rows = await db
    .selectFrom('application_files as f')
    .innerJoin('blobs as b', 'b.id', 'f.blob_id')
    .select(['f.id', 'f.slot', 'b.mime', 'b.size', 'b.sha256', 'f.original_name', 'f.uploaded_at'])
    .where('f.application_id', '=', applicationId)
    .orderBy('f.uploaded_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slot: r.slot as FileSlot,
    mime: r.mime,
    size: r.size,
    sha256: r.sha256,
    originalName: r.original_name,
    uploadedAt: new Date(r.uploaded_at).toISOString(),
  }));
}
