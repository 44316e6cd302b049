import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';

/**
 * Public images are stored without metadata (docs/decisions/016-image-decoding-and-metadata.md).
 * Images uploaded before that kept their EXIF (GPS position, camera, owner) in `blobs`, and a
 * gallery image's `?size=full`, an archive file and a notice file served it to anyone. This
 * re-encodes each such image once, the way uploads are stored now: EXIF rotation applied, same
 * format, no metadata. The resized WebP versions never carried metadata and stay as they are.
 * Self-contained on purpose (no server import): a landed migration must not change with the code.
 */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The stored-file limit of `blobs` (CHECK size <= 1500000). */
const MAX_BYTES = 1_500_000;

/**
 * Re-encoded in its own format, upright, without metadata; at a lower quality only when a higher
 * one would not fit the limit. Null when no encoding fits (the image is then left as it is).
 */
async function withoutMetadata(bytes: Buffer, mime: string): Promise<Buffer | null> {
  // failOn 'none': an old image cut off on the way still loses its EXIF (it was stored as it came).
  const image = () => sharp(bytes, { failOn: 'none', limitInputPixels: 50_000_000 }).rotate();
  const tries =
    mime === 'image/png'
      ? [() => image().png(), () => image().png({ palette: true, compressionLevel: 9 })]
      : [90, 80, 70, 55].map((quality) =>
          mime === 'image/webp' ? () => image().webp({ quality }) : () => image().jpeg({ quality }),
        );
  for (const encode of tries) {
    const out = await encode().toBuffer();
    if (out.byteLength <= MAX_BYTES) return out;
  }
  return null;
}

export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ id: string; mime: string }>`
    SELECT b.id, b.mime FROM blobs b
    WHERE b.mime IN (${sql.join(IMAGE_TYPES)})
      AND (b.id IN (SELECT blob_id FROM content_images)
        OR b.id IN (SELECT blob_id FROM archive_files)
        OR b.id IN (SELECT blob_id FROM notices WHERE blob_id IS NOT NULL))
    ORDER BY b.id
  `.execute(db);
  // One image at a time: at most 1.5 MB of bytes in memory, however many images there are.
  for (const { id, mime } of rows) {
    const { rows: found } = await sql<{ bytes: Buffer }>`SELECT bytes FROM blobs WHERE id = ${id}`.execute(db);
    const original = found[0]?.bytes;
    if (!original) continue;
    let clean: Buffer | null = null;
    try {
      clean = await withoutMetadata(Buffer.from(original), mime);
    } catch {
      // Nothing in it decodes: nothing could be shown either.
    }
    if (!clean) {
      console.warn(`image ${id} could not be re-encoded without metadata; left as it is for the Admin to replace`);
      continue;
    }
    const sha256 = crypto.createHash('sha256').update(clean).digest('hex');
    await sql`UPDATE blobs SET bytes = ${clean}, size = ${clean.byteLength}, sha256 = ${sha256} WHERE id = ${id}`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  // The removed metadata is gone for good, which is the point; nothing to undo.
}
