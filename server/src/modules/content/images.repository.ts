import crypto from 'node:crypto';
import type { ContentImage, Gallery, ImageSize, LatLng } from '@portal/shared';
import type { AdminContentImage, GeoPositionSource } from '@portal/shared/schemas/geo-items';
import type { DB } from '../../platform/db/schema.js';
import type { Transaction } from 'kysely';
import type { ResizedImage } from '../../platform/images/resize.js';
import { insertBlob, isUuid, type Db, type StoredBytes } from './content-blobs.js';
import { writeAudit, type StaffActor } from '../audit/audit.repository.js';
import type { AcceptedFileType } from '@portal/shared';

/** A GEO item's place and where it came from (docs/decisions/034-geo-database-map.md). */
export interface ImagePosition extends LatLng {
  source: GeoPositionSource;
}

const COLUMNS = ['id', 'gallery', 'width', 'height', 'created_at', 'latitude', 'longitude', 'position_source'] as const;
interface ImageRow {
  id: string;
  gallery: Gallery;
  width: number;
  height: number;
  created_at: Date;
  latitude: number | null;
  longitude: number | null;
  position_source: GeoPositionSource | null;
}

/** Gallery images (slider, photo gallery, GEO database) and their stored WebP versions. */
export async function insertImage(
  trx: Transaction<DB>,
  input: {
    gallery: Gallery;
    bytes: Uint8Array;
    mime: AcceptedFileType;
    resized: ResizedImage;
    /** GEO items only; the table refuses a place on the slider or the photo gallery. */
    position?: ImagePosition | null;
    by: StaffActor;
    now: Date;
  },
): Promise<AdminContentImage> {
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
      created_by: input.by.userId,
      created_at: input.now,
      latitude: input.position?.latitude ?? null,
      longitude: input.position?.longitude ?? null,
      position_source: input.position?.source ?? null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  await writeAudit(trx, {
    applicationId: null,
    entity: { type: 'image', id: row.id },
    actor: input.by,
    action: 'image.create',
    details: imageFacts(row),
    at: input.now,
  });
  return toAdminImage(row);
}

/** What the audit keeps of an image (docs/decisions/041-audit-trail.md): where it is shown, its size, its place. */
function imageFacts(r: Pick<ImageRow, 'gallery' | 'width' | 'height' | 'latitude' | 'longitude'>) {
  return {
    gallery: r.gallery,
    width: r.width,
    height: r.height,
    ...(r.latitude !== null ? { latitude: r.latitude, longitude: r.longitude } : {}),
  };
}

/** What any visitor reads: the place, never where it came from. */
function toImage(r: ImageRow): ContentImage {
  return {
    id: r.id,
    gallery: r.gallery,
    width: r.width,
    height: r.height,
    createdAt: new Date(r.created_at).toISOString(),
    latitude: r.latitude,
    longitude: r.longitude,
  };
}

function toAdminImage(r: ImageRow): AdminContentImage {
  return { ...toImage(r), positionSource: r.position_source };
}

/** Newest first: the Admin sees a fresh upload at the top, visitors see the latest photos first. */
export async function listImages(db: Db, gallery: Gallery): Promise<ContentImage[]> {
  const rows = await db
    .selectFrom('content_images')
    .select(COLUMNS)
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

/** Removes the image, its original and (by cascade) its versions, audited; false when there was none. */
export async function deleteImage(trx: Transaction<DB>, id: string, by: StaffActor, now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await trx
    .deleteFrom('content_images')
    .where('id', '=', id)
    .returning(['blob_id', 'gallery', 'width', 'height', 'latitude', 'longitude'])
    .executeTakeFirst();
  if (!row) return false;
  await trx.deleteFrom('blobs').where('id', '=', row.blob_id).execute();
  await writeAudit(trx, {
    applicationId: null,
    entity: { type: 'image', id },
    actor: by,
    action: 'image.delete',
    details: imageFacts(row),
    at: now,
  });
  return true;
}

/**
 * Sets or clears a GEO item's place (null clears it); locks the row and answers it before and
 * after, for the audit. Null when there is no such GEO item (a slider or gallery image has no place).
 */
export async function setImagePosition(
  trx: Transaction<DB>,
  id: string,
  position: ImagePosition | null,
): Promise<{ before: AdminContentImage; after: AdminContentImage } | null> {
  if (!isUuid(id)) return null;
  const current = await trx
    .selectFrom('content_images')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('gallery', '=', 'geo')
    .forUpdate()
    .executeTakeFirst();
  if (!current) return null;
  const row = await trx
    .updateTable('content_images')
    .set({
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      position_source: position?.source ?? null,
    })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { before: toAdminImage(current), after: toAdminImage(row) };
}
