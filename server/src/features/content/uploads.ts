import type { Context } from 'hono';
import { MAX_FILE_BYTES, type AcceptedFileType } from '@portal/shared';
import { readUpload } from '../../http/upload.js';
import { checkUpload } from '../../files/check-upload.js';
import { withoutMetadata } from '../../images/strip-metadata.js';

/**
 * Reads one raw-byte content upload (1,500,000 bytes at most) and checks it like every upload:
 * anything but JPEG, PNG, WebP or PDF is 415 FILE_TYPE (FILE_MUST_BE_IMAGE for the galleries), a
 * picture that does not open is 422 IMAGE_UNREADABLE. Content files are the public site's, so an
 * image is kept only as a copy without metadata (GPS, camera, author), turned upright
 * (docs/decisions/016-image-decoding-and-metadata.md).
 */
export async function readContentUpload(
  c: Context,
  opts: { imagesOnly: boolean },
): Promise<{ bytes: Uint8Array; mime: AcceptedFileType }> {
  const { bytes, mime } = await checkUpload(await readUpload(c, { maxBytes: MAX_FILE_BYTES }), {
    imageOnly: opts.imagesOnly,
  });
  if (mime === 'application/pdf') return { bytes, mime };
  return { bytes: await withoutMetadata(bytes, mime), mime };
}
