import { MAX_FILE_BYTES } from '@portal/shared/constants';

/**
 * Visit photos are made smaller on the phone before they are stored (docs/decisions/032): a
 * 12-megapixel camera photo is 3–6 MB, too much for IndexedDB six times over and for a 2G upload.
 */
export const MAX_PHOTO_SIDE = 1600;
export const PHOTO_QUALITY = 0.8;

/** The size a picture is drawn at: its longest side at most `max`, its proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Decodes with the EXIF orientation applied (createImageBitmap's 'from-image'; an <img>, which
 * browsers draw upright, where createImageBitmap is missing), so a photo taken with the phone held
 * upright stays upright once the canvas drops its EXIF.
 */
async function decode(
  file: Blob,
): Promise<{ source: CanvasImageSource; width: number; height: number; done: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, done: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch (e) {
    URL.revokeObjectURL(url);
    throw e;
  }
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, done: () => URL.revokeObjectURL(url) };
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/jpeg', quality),
  );
}

/** The photo as a JPEG of at most MAX_PHOTO_SIDE pixels a side, under the server's file limit. */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const image = await decode(file);
  try {
    const size = fitWithin(image.width, image.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas');
    ctx.drawImage(image.source, 0, 0, size.width, size.height);
    // A busy scene can still be large at 0.8: a lower quality once rather than a refusal later.
    let blob = await toJpeg(canvas, PHOTO_QUALITY);
    if (blob.size > MAX_FILE_BYTES) blob = await toJpeg(canvas, 0.6);
    return blob;
  } finally {
    image.done();
  }
}
