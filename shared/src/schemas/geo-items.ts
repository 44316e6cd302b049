import { z } from 'zod';
import { toLatinDigits } from '../i18n/digits.js';
import { contentImageSchema } from './content.js';

/**
 * A GEO database item's place (docs/decisions/034-geo-database-map.md): typed or picked by the
 * Admin, or read from the photo's GPS EXIF before the metadata is stripped. These schemas only
 * check that a coordinate is a number; "inside Bangladesh" is the server's check, answered 422
 * (GEO_OUTSIDE_BANGLADESH) rather than a 400, because the input is well formed but not a place
 * the portal maps.
 */
export const GEO_POSITION_SOURCES = ['typed', 'exif'] as const;
export type GeoPositionSource = (typeof GEO_POSITION_SOURCES)[number];

const coordinate = (key: 'v.latitude' | 'v.longitude', limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? toLatinDigits(v.trim()) : v),
    z
      .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, { error: key })], { error: key })
      .transform(Number)
      .pipe(z.number({ error: key }).min(-limit, { error: key }).max(limit, { error: key })),
  );

const given = (v: unknown) => v !== undefined && v !== null;
/**
 * Both coordinates or neither. Half a place is reported on the coordinate that was given (its box
 * is the one the Admin filled), asking for the other one too.
 */
const bothOrNone = (p: { latitude?: unknown; longitude?: unknown }, ctx: z.RefinementCtx) => {
  if (given(p.latitude) === given(p.longitude)) return;
  ctx.addIssue({
    code: 'custom',
    message: 'geoItems.v.bothOrNone',
    path: [given(p.latitude) ? 'latitude' : 'longitude'],
  });
};

/**
 * The optional place of an upload, in the query beside the raw bytes
 * (`POST /api/admin/galleries/geo?latitude=24.69&longitude=88.16`); an empty box counts as none.
 */
export const geoUploadQuerySchema = z
  .object({
    latitude: z.preprocess((v) => (v === '' ? undefined : v), coordinate('v.latitude', 90).optional()),
    longitude: z.preprocess((v) => (v === '' ? undefined : v), coordinate('v.longitude', 180).optional()),
  })
  .superRefine(bothOrNone);
export type GeoUploadQuery = z.infer<typeof geoUploadQuerySchema>;

/** PATCH /api/admin/images/{id}/position: both coordinates, or both null to clear the place. */
export const geoPositionInputSchema = z
  .object({
    latitude: coordinate('v.latitude', 90).nullable(),
    longitude: coordinate('v.longitude', 180).nullable(),
  })
  .superRefine(bothOrNone);
export type GeoPositionInput = z.input<typeof geoPositionInputSchema>;

/**
 * What the Admin's writes answer: the public item and where its place came from, so the screen can
 * say when it was read from the photo. The public list never carries the source (decision 034).
 */
export const adminContentImageSchema = contentImageSchema.extend({
  positionSource: z.enum(GEO_POSITION_SOURCES).nullable(),
});
export type AdminContentImage = z.infer<typeof adminContentImageSchema>;
