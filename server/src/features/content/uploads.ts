import type { Context } from 'hono';
import { IMAGE_FILE_TYPES, MAX_FILE_BYTES, type AcceptedFileType } from '@portal/shared';
import { readUpload } from '../../http/upload.js';
import { sniffType } from '../../files/sniff.js';
import { Problem } from '../../http/problem.js';

/**
 * Reads one raw-byte upload (1,500,000 bytes at most) and decides its type by the bytes:
 * anything but JPEG, PNG, WebP or PDF is 415 FILE_TYPE; gallery uploads must be images (415).
 */
export async function readContentUpload(
  c: Context,
  opts: { imagesOnly: boolean },
): Promise<{ bytes: Uint8Array; mime: AcceptedFileType }> {
  const bytes = await readUpload(c, { maxBytes: MAX_FILE_BYTES });
  const mime = await sniffType(bytes);
  if (!mime) throw new Problem(opts.imagesOnly ? 'FILE_MUST_BE_IMAGE' : 'FILE_TYPE');
  if (opts.imagesOnly && !IMAGE_FILE_TYPES.includes(mime)) throw new Problem('FILE_MUST_BE_IMAGE');
  return { bytes, mime };
}
