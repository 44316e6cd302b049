import { z } from 'zod';
import { REQUEST_KINDS } from '../kinds/slots.js';
import { BANGLADESH_BOUNDS } from '../geo/geo.js';

/**
 * The live map's and the siting check's API (docs/decisions/028-map-and-siting.md).
 * GET /api/staff/map/wells?bbox=west,south,east,north[&states=a,b][&kinds=New,Renew][&union=…]
 * answers a GeoJSON FeatureCollection of the wells inside the box; GET
 * /api/staff/applications/{id}/siting answers the nearest licensed wells to that application.
 */

/** What a dot on the map means: a licence's status when it has one, else where its request stands. */
export const MAP_STATES = ['pending', 'approved', 'testing', 'active', 'expired', 'suspended', 'declined'] as const;
export type MapState = (typeof MAP_STATES)[number];

/** The most features one answer carries; past it `truncated` is true and the map asks the user to zoom in. */
export const MAP_FEATURE_LIMIT = 5000;

const b = BANGLADESH_BOUNDS;
/**
 * A comma-separated list of known values. Checked on the string itself, so any bad value is
 * reported on the parameter (`states`, `kinds`) with the catalogue's message, not on `states.0`.
 */
const list = <T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z
    .string({ error })
    .max(500, { error })
    .refine((s) => s.split(',').every((v) => v === '' || (values as readonly string[]).includes(v)), { error })
    .transform((s) => [...new Set(s.split(',').filter(Boolean))] as T[number][]);

/** west,south,east,north as four finite numbers with west < east and south < north; else null. */
function parseBox(s: string): [number, number, number, number] | null {
  const parts = s.split(',');
  if (parts.length !== 4 || parts.some((p) => p.trim() === '')) return null;
  const [w, s2, e, n] = parts.map(Number) as [number, number, number, number];
  return [w, s2, e, n].every(Number.isFinite) && w < e && s2 < n ? [w, s2, e, n] : null;
}

export const mapQuerySchema = z.object({
  // Every bad box (missing, not four numbers, inverted) gets the one message 'map.v.bbox'.
  bbox: z
    .string({ error: 'map.v.bbox' })
    .max(200, { error: 'map.v.bbox' })
    .refine((s) => parseBox(s) !== null, { error: 'map.v.bbox' })
    // A box reaching past the country is clipped to it rather than refused (a zoomed-out phone).
    .transform((s) => {
      const [w, s2, e, n] = parseBox(s)!;
      return [Math.max(w, b.west), Math.max(s2, b.south), Math.min(e, b.east), Math.min(n, b.north)] as const;
    }),
  states: list(MAP_STATES, 'map.v.states').optional(),
  kinds: list(REQUEST_KINDS, 'map.v.kinds').optional(),
  // A name is printable text: a control character is refused here, with the box's own problems,
  // not only after the box is right (the NUL check of decision 013 runs on what parsed).
  union: z
    .string()
    .trim()
    .max(100, { error: 'map.v.union' })
    .refine((s) => [...s].every((ch) => ch.charCodeAt(0) >= 32), { error: 'map.v.union' })
    .optional(),
});
export type MapQuery = z.output<typeof mapQuerySchema>;

export interface WellFeatureProperties {
  applicationId: string;
  kind: string;
  state: MapState;
  applicationNumber: number;
  licenceId: string | null;
  licenceNumber: number | null;
  name: string;
  union: string;
  wellSize: string;
  /** The command area's radius for the well's size (spec 3 §9); null for a size the table does not know. */
  radiusM: number | null;
}

export interface WellFeature {
  type: 'Feature';
  /** GeoJSON order: [longitude, latitude]. */
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: WellFeatureProperties;
}

export interface WellCollection {
  type: 'FeatureCollection';
  features: WellFeature[];
  /** True when more wells are inside the box than MAP_FEATURE_LIMIT. */
  truncated: boolean;
}

/** One licensed well near an application, as the siting check reports it. */
export interface NearbyWell {
  applicationId: string;
  licenceId: string;
  licenceNumber: number;
  name: string;
  state: MapState;
  latitude: number;
  longitude: number;
  distanceM: number;
  radiusM: number | null;
  /** The application's well stands inside this well's command area. */
  inside: boolean;
  /** The two command areas overlap (distance < the sum of the radii). */
  overlaps: boolean;
}

export interface SitingCheck {
  /** The application's position (the officer's recorded one, else the applicant's); null when it has none. */
  position: { latitude: number; longitude: number } | null;
  radiusM: number | null;
  /** Licensed wells within SITING_RADIUS_M, nearest first, at most SITING_LIMIT. */
  nearest: NearbyWell[];
}

export const SITING_RADIUS_M = 2000;
export const SITING_LIMIT = 10;
