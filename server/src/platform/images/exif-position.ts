import exifReader from 'exif-reader';
import sharp from 'sharp';
import { insideBangladesh, type LatLng } from '@portal/shared';
import { IMAGE_INPUT } from '../files/check-upload.js';

/** Degrees, minutes, seconds (EXIF's three rationals) as decimal degrees; null for anything else. */
function degrees(dms: unknown): number | null {
  if (!Array.isArray(dms) || dms.length === 0 || dms.length > 3) return null;
  if (!dms.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)) return null;
  const [d = 0, m = 0, s = 0] = dms as number[];
  return d + m / 60 + s / 3600;
}

/**
 * Where a photo was taken, from its GPS EXIF (docs/decisions/034-geo-database-map.md), read from the
 * upload as it came, before `withoutMetadata` drops every metadata block. Null when the photo has
 * no GPS, a block that does not parse, or a place outside Bangladesh (a phone with no fix writes
 * 0, 0; a photo from elsewhere is no place the portal maps): the upload goes on without a place.
 * exif-reader parses the block sharp hands over; sharp itself only returns the raw bytes.
 */
export async function exifPosition(bytes: Uint8Array): Promise<LatLng | null> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { exif } = await sharp(input, IMAGE_INPUT).metadata();
  if (!exif) return null;
  let gps: ReturnType<typeof exifReader>['GPSInfo'];
  try {
    gps = exifReader(exif).GPSInfo;
  } catch {
    return null; // a damaged EXIF block is no reason to refuse the picture
  }
  if (!gps) return null;
  const lat = degrees(gps.GPSLatitude);
  const lng = degrees(gps.GPSLongitude);
  if (lat === null || lng === null) return null;
  const position = {
    latitude: gps.GPSLatitudeRef === 'S' ? -lat : lat,
    longitude: gps.GPSLongitudeRef === 'W' ? -lng : lng,
  };
  return insideBangladesh(position) ? position : null;
}
