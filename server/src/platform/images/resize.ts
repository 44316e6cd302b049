import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '@portal/shared';
import { Problem } from '../http/problem.js';
import { IMAGE_INPUT } from '../files/check-upload.js';

/**
 * Resized versions of a gallery image (docs/decisions/007-rich-text-and-images.md): a visitor on a
 * cheap phone downloads a ~400 px WebP thumbnail in a grid and an ~800 px WebP in the slider,
 * never the 1.5 MB original. Made once at upload, so serving costs nothing.
 */
export type VariantName = keyof typeof IMAGE_VARIANT_WIDTHS;

export interface ImageVariant {
  variant: VariantName;
  bytes: Uint8Array;
  width: number;
  height: number;
}

export interface ResizedImage {
  /** The original's size after EXIF rotation. */
  width: number;
  height: number;
  variants: ImageVariant[];
}

export async function makeVariants(bytes: Uint8Array): Promise<ResizedImage> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    // The same decoder settings and pixel limit as the upload check (decision 016).
    const meta = await sharp(input, IMAGE_INPUT).metadata();
    // EXIF orientations 5-8 swap width and height once rotated.
    const swapped = (meta.orientation ?? 1) >= 5;
    const width = (swapped ? meta.height : meta.width) ?? 0;
    const height = (swapped ? meta.width : meta.height) ?? 0;
    const variants: ImageVariant[] = [];
    for (const [variant, targetWidth] of Object.entries(IMAGE_VARIANT_WIDTHS) as [VariantName, number][]) {
      const { data, info } = await sharp(input, IMAGE_INPUT)
        .rotate() // apply EXIF orientation; metadata (GPS included) is dropped from the output
        .resize({ width: targetWidth, withoutEnlargement: true })
        .webp({ quality: variant === 'thumb' ? 70 : 78 })
        .toBuffer({ resolveWithObject: true });
      variants.push({
        variant,
        bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        width: info.width,
        height: info.height,
      });
    }
    return { width, height, variants };
  } catch {
    // The bytes looked like an image but the decoder refused them (truncated, corrupt or too large).
    throw new Problem('IMAGE_UNREADABLE');
  }
}
