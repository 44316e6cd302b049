import sharp, { type SharpOptions } from 'sharp';
import { IMAGE_FILE_TYPES, type AcceptedFileType } from '@portal/shared';
import { Problem } from '../http/problem.js';
import { sniffType } from './sniff.js';

/**
 * The one check every upload passes once its bytes are all in and before anything is stored
 * (docs/decisions/016-image-decoding-and-metadata.md): the type comes from the magic bytes, and
 * then the whole file must open. An image is decoded to its last pixel, so a JPEG header with
 * nothing after it, or a photo cut off on the way, is refused instead of showing as a broken
 * picture on an officer's screen. The bytes are never changed: the phone's SHA-256 must still match.
 */

/**
 * A 50-megapixel phone camera (8160×6120) still passes; a small file claiming more is a
 * decompression bomb and is refused without being decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * How every image is opened on the server (this check, the gallery versions, the metadata strip).
 * `failOn: 'error'` refuses truncated and undecodable data but keeps photos with the harmless
 * warnings some phone cameras write (e.g. extraneous bytes before a marker).
 */
export const IMAGE_INPUT = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const satisfies SharpOptions;

declare const checked: unique symbol;
/** Bytes that passed checkUpload; only it makes one, so nothing can store an unchecked upload. */
export interface CheckedUpload {
  readonly bytes: Uint8Array;
  readonly mime: AcceptedFileType;
  readonly [checked]: true;
}

/**
 * Sniffs and opens one upload. 415 FILE_TYPE (FILE_MUST_BE_IMAGE when only an image will do) for
 * anything but JPEG, PNG, WebP or PDF; 422 IMAGE_UNREADABLE for an image that does not decode;
 * 422 PDF_UNREADABLE for a PDF without its header or end-of-file marker (a cut-off download).
 */
export async function checkUpload(bytes: Uint8Array, opts: { imageOnly?: boolean } = {}): Promise<CheckedUpload> {
  const mime = await sniffType(bytes);
  if (!mime) throw new Problem(opts.imageOnly ? 'FILE_MUST_BE_IMAGE' : 'FILE_TYPE');
  const image = IMAGE_FILE_TYPES.includes(mime);
  if (opts.imageOnly && !image) throw new Problem('FILE_MUST_BE_IMAGE');
  if (image) await decodeWhole(bytes);
  else if (!isWholePdf(bytes)) throw new Problem('PDF_UNREADABLE');
  return { bytes, mime } as CheckedUpload;
}

async function decodeWhole(bytes: Uint8Array): Promise<void> {
  try {
    // Decoded to the last pixel into a buffer that is dropped at once. stats() did the same work
    // four times over (its histograms and sharpness each decode again) for the same memory: 1.6 s
    // and 157 MB for a 48-megapixel photo, against 0.4 s and 160 MB (docs/decisions/053-demo-seed.md).
    await sharp(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), IMAGE_INPUT)
      .raw()
      .toBuffer();
  } catch {
    throw new Problem('IMAGE_UNREADABLE');
  }
}

/**
 * A PDF starts with "%PDF-" and a reader finds its trailer from the end: PDF 1.7 (ISO 32000-1,
 * Annex H) lets "%%EOF" sit anywhere in the last 1024 bytes. Without it the file was cut off.
 * Parsing the whole PDF is out of scope (decision 016); this catches the common failure cheaply.
 */
function isWholePdf(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buf.subarray(0, 5).toString('latin1') === '%PDF-' && buf.subarray(-1024).includes('%%EOF', 0, 'latin1');
}
