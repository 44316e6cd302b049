import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AcceptedFileType } from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import { sha256Hex } from '../../platform/files/blob-store.js';

export type Db = Kysely<DB> | Transaction<DB>;

/** Stores sniffed bytes in `blobs` (docs/decisions/003-file-storage.md) and returns the new blob id. */
export async function insertBlob(trx: Db, bytes: Uint8Array, mime: AcceptedFileType): Promise<string> {
  const id = crypto.randomUUID();
  await trx
    .insertInto('blobs')
    .values({
      id,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      mime,
      size: bytes.byteLength,
      sha256: sha256Hex(bytes),
    })
    .execute();
  return id;
}

export interface StoredBytes {
  bytes: Uint8Array;
  mime: string;
}

export async function readBlob(db: Db, blobId: string): Promise<StoredBytes | null> {
  const row = await db.selectFrom('blobs').select(['bytes', 'mime']).where('id', '=', blobId).executeTakeFirst();
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in URLs are checked before they reach a uuid column (PostgreSQL would answer a cast error). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
