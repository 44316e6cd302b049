import { z } from 'zod';

/**
 * GET /api/public/map/tiles-info (docs/decisions/033-tile-archive.md): whether a field pack may copy
 * the map's tiles onto a phone, and from where. `url` is the very address the maps browse, so the
 * tiles a pack copies are the ones a map asks for offline. Packable only when the source allows
 * copies: the portal's own tile archive, a path on this site, or a host the Admin marked as allowing
 * it (OpenStreetMap's public server does not).
 */
export const tilesInfoSchema = z.object({
  packable: z.boolean(),
  /** "/tiles/{z}/{x}/{y}.png" or the Admin's address; null when not packable. */
  url: z.string().nullable(),
  minZoom: z.number().int().min(0),
  maxZoom: z.number().int().min(0),
  /** [west, south, east, north] of the archive; null when the source does not say. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  /** Plain text, never HTML. */
  attribution: z.string(),
});
export type TilesInfo = z.infer<typeof tilesInfoSchema>;

/** The tile archive the portal serves, as the public settings tell every map to browse it. */
export const servedTileArchiveSchema = z.object({
  url: z.string(),
  attribution: z.string(),
  /** The archive's deepest level: the maps draw it larger beyond, instead of asking for tiles it lacks. */
  maxZoom: z.number().int().min(0).max(22).optional(),
});
