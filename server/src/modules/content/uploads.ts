import type { Context } from 'hono';
import { MAX_FILE_BYTES, type AcceptedFileType, type LatLng } from '@portal/shared';
import { readUpload } from '../../platform/http/upload.js';
import { checkUpload } from '../../platform/files/check-upload.js';
import { withoutMetadata } from '../../platform/images/strip-metadata.js';
import { exifPosition } from '../../platform/images/exif-position.js';

/**
 * Reads one raw-byte content upload (1,500,000 bytes at most) and checks it like every upload:
 * anything but JPEG, PNG, WebP or PDF is 415 FILE_TYPE (FILE_MUST_BE_IMAGE for the galleries), a
 * picture that does not open is 422 IMAGE_UNREADABLE. Content files are the public site's, so an
 * image is kept only as a copy without metadata (GPS, camera, author), turned upright
 * (docs/decisions/016-image-decoding-and-metadata.md). With `readPosition` (GEO items) the photo's
 * GPS place, if any, is returned beside the clean copy.
 */
export async function readContentUpload(
  c: Context,
  opts: { imagesOnly: boolean; readPosition?: boolean },
): Promise<{ bytes: Uint8Array; mime: AcceptedFileType; exifPosition: LatLng | null }> {
  const { bytes, mime } = await checkUpload(await readUpload(c, { maxBytes: MAX_FILE_BYTES }), {
    imageOnly: opts.imagesOnly,
  });
  if (mime === 'application/pdf') return { bytes, mime, exifPosition: null };
  // A GEO item's place may come from the photo's GPS: read before the strip drops it (decision 034).
  const exifPlace = opts.readPosition ? await exifPosition(bytes) : null;
  return { bytes: await withoutMetadata(bytes, mime), mime, exifPosition: exifPlace };
}
