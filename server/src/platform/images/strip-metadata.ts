import sharp, { type Sharp } from 'sharp';
import { MAX_FILE_BYTES, type AcceptedFileType } from '@portal/shared';
import { IMAGE_INPUT } from '../files/check-upload.js';
import { Problem } from '../http/problem.js';

type ImageType = Exclude<AcceptedFileType, 'application/pdf'>;

/**
 * Encoders tried in turn until the copy fits the 1,500,000-byte limit of a stored file: re-encoding
 * a photo saved at a low quality at a higher one can make it larger than the upload was.
 */
const LADDER: Record<ImageType, ((image: Sharp, palette: boolean) => Sharp)[]> = {
  'image/jpeg': [90, 80, 70, 55].map((quality) => (image: Sharp) => image.jpeg({ quality })),
  'image/webp': [90, 80, 70, 55].map((quality) => (image: Sharp) => image.webp({ quality })),
  'image/png': [
    (image, palette) => image.png({ palette }),
    (image, palette) => image.png({ palette, compressionLevel: 9, adaptiveFiltering: true }),
    (image) => image.png({ palette: true, compressionLevel: 9 }),
  ],
};

/**
 * The copy of an Admin's image that the portal stores and serves to anyone
 * (docs/decisions/016-image-decoding-and-metadata.md): a phone photo's EXIF carries the GPS
 * position where it was taken, the camera and often the owner's name, and none of that may reach
 * a visitor. The picture is re-encoded in its own format with the EXIF rotation applied first
 * (dropping the tag without turning the pixels would show it sideways), and without any metadata:
 * sharp writes none unless asked (no withMetadata). Anything appended after the image's end goes too.
 */
export async function withoutMetadata(bytes: Uint8Array, mime: ImageType): Promise<Uint8Array> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { isPalette } = await sharp(input, IMAGE_INPUT).metadata();
  for (const encode of LADDER[mime]) {
    const out = await encode(sharp(input, IMAGE_INPUT).rotate(), isPalette).toBuffer();
    if (out.byteLength <= MAX_FILE_BYTES) return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }
  // Only a picture of pure noise gets here; the Admin is asked for a smaller file.
  throw new Problem('FILE_TOO_LARGE');
}
