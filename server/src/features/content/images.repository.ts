import crypto from 'node:crypto';
import type { ContentImage, Gallery, ImageSize } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { Transaction } from 'kysely';
import type { ResizedImage } from '../../images/resize.js';
import { insertBlob, isUuid, type Db, type StoredBytes } from './content-blobs.js';
import type { AcceptedFileType } from '@portal/shared';

/** Gallery images (slider, photo gallery, GEO database) and their stored WebP versions. */
export async function insertImage(
  trx: Transaction<DB>,
  input: {
    gallery: Gallery;
    bytes: Uint8Array;
    mime: AcceptedFileType;
    resized: ResizedImage;
    createdBy: number;
    now: Date;
  },
): Promise<ContentImage> {
  const blobId = await insertBlob(trx, input.bytes, input.mime);
  for (const v of input.resized.variants) {
    await trx
      .insertInto('image_variants')
      .values({
        blob_id: blobId,
        variant: v.variant,
        bytes: Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength),
        mime: 'image/webp',
        width: v.width,
        height: v.height,
        size: v.bytes.byteLength,
      })
      .execute();
  }
  const row = await trx
    .insertInto('content_images')
    .values({
      id: crypto.randomUUID(),
      gallery: input.gallery,
      blob_id: blobId,
      width: input.resized.width,
      height: input.resized.height,
      created_by: input.createdBy,
      created_at: input.now,
    })
    .returning(['id', 'gallery', 'width', 'height', 'created_at'])
    .executeTakeFirstOrThrow();
  return toImage(row);
}

function toImage(r: { id: string; gallery: Gallery; width: number; height: number; created_at: Date }): ContentImage {
  return {
    id: r.id,
    gallery: r.gallery,
    width: r.width,
    height: r.height,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Newest first: the Admin sees a fresh upload at the top, visitors see the latest photos first. */
export async function listImages(db: Db, gallery: Gallery): Promise<ContentImage[]> {
  const rows = await db
    .selectFrom('content_images')
    .select(['id', 'gallery', 'width', 'height', 'created_at'])
    .where('gallery', '=', gallery)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toImage);
}

/** One stored version of an image; a missing variant (an image smaller than it) falls back to the original. */
export async function readImage(db: Db, id: string, size: ImageSize): Promise<StoredBytes | null> {
  if (!isUuid(id)) return null;
  const image = await db.selectFrom('content_images').select('blob_id').where('id', '=', id).executeTakeFirst();
  if (!image) return null;
  if (size !== 'full') {
    const v = await db
      .selectFrom('image_variants')
      .select(['bytes', 'mime'])
      .where('blob_id', '=', image.blob_id)
      .where('variant', '=', size)
      .executeTakeFirst();
    if (v) return v;
  }
  const blob = await db
    .selectFrom('blobs')
    .select(['bytes', 'mime'])
    .where('id', '=', image.blob_id)
    .executeTakeFirst();
  return blob ?? null;
}

/** Removes the image, its original and (by cascade) its versions; false when there was none. */
export async function deleteImage(trx: Transaction<DB>, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await trx.deleteFrom('content_images').where('id', '=', id).returning('blob_id').executeTakeFirst();
  if (!row) return false;
  await trx.deleteFrom('blobs').where('id', '=', row.blob_id).execute();
  return true;
}
