import { z } from 'zod';
import { REQUEST_KINDS } from '../kinds/slots.js';
import { BANGLADESH_BOUNDS } from '../geo/geo.js';
import type { VisitDecision } from './visits.js';

/**
 * The live map's and the siting check's API (docs/decisions/028-map-and-siting.md,
 * 035-live-map-clusters-and-visits.md).
 * GET /api/staff/map/wells?bbox=west,south,east,north[&zoom=n][&states=a,b][&kinds=New,Renew][&union=…]
 * answers a GeoJSON FeatureCollection of the wells inside the box, or of clusters when the box
 * holds more than MAP_FEATURE_LIMIT; GET /api/staff/map/extent the box of the wells the office
 * knows; GET /api/staff/map/visits?bbox=… the field visits recorded inside the box; GET
 * /api/staff/applications/{id}/siting answers the nearest licensed wells to that application.
 */

/** What a dot on the map means: a licence's status when it has one, else where its request stands. */
export const MAP_STATES = ['pending', 'approved', 'testing', 'active', 'expired', 'suspended', 'declined'] as const;
export type MapState = (typeof MAP_STATES)[number];

/**
 * The most wells one answer carries one by one; a box holding more is answered as clusters (a grid
 * counted by the database), so every well of the box is counted and none is left out.
 */
export const MAP_FEATURE_LIMIT = 5000;
/** A cluster's grid cell, in screen pixels at the map's zoom (256-pixel tiles). */
export const MAP_CLUSTER_CELL_PX = 64;
/** The grid never has more cells than this on a side, whatever zoom a client sends. */
export const MAP_CLUSTER_MAX_CELLS = 64;
/** The most visits one answer of the visits layer carries, newest first; past it `truncated`. */
export const MAP_VISIT_LIMIT = 1000;
/** The zooms a web map uses (0: the world in one tile; 22: a few centimetres a pixel). */
export const MAP_MAX_ZOOM = 22;

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

// Every bad box (missing, not four numbers, inverted) gets the one message 'map.v.bbox'.
const bboxSchema = z
  .string({ error: 'map.v.bbox' })
  .max(200, { error: 'map.v.bbox' })
  .refine((s) => parseBox(s) !== null, { error: 'map.v.bbox' })
  // A box reaching past the country is clipped to it rather than refused (a zoomed-out phone).
  .transform((s) => {
    const [w, s2, e, n] = parseBox(s)!;
    return [Math.max(w, b.west), Math.max(s2, b.south), Math.min(e, b.east), Math.min(n, b.north)] as const;
  });

export const mapQuerySchema = z.object({
  bbox: bboxSchema,
  // The map's zoom sizes the cluster grid; without it the grid is cut from the box alone.
  zoom: z.coerce
    .number({ error: 'map.v.zoom' })
    .int({ error: 'map.v.zoom' })
    .min(0, { error: 'map.v.zoom' })
    .max(MAP_MAX_ZOOM, { error: 'map.v.zoom' })
    .optional(),
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
  /** The office the well belongs to: the area map shows several (docs/decisions/057-offices.md). */
  officeId: number;
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

/** Per state, how many wells of a cluster are in it (every state, zero included). */
export type StateCounts = Record<MapState, number>;

export interface ClusterFeatureProperties {
  cluster: true;
  /** How many wells (after the filters) the cluster stands for. */
  count: number;
  states: StateCounts;
  /** west, south, east, north of the cluster's wells: a tap zooms to it. */
  bbox: [number, number, number, number];
  /** A cluster names no application: reading it gives undefined, as on any feature without one. */
  applicationId?: undefined;
}

export interface ClusterFeature {
  type: 'Feature';
  /** The centroid of the cluster's wells, [longitude, latitude]. */
  geometry: { type: 'Point'; coordinates: [number, number] };
  /** Unique within one answer: the grid cell. */
  id: string;
  properties: ClusterFeatureProperties;
}

export type MapFeature = WellFeature | ClusterFeature;

export const isCluster = (f: MapFeature): f is ClusterFeature => 'cluster' in f.properties;

export interface WellCollection {
  type: 'FeatureCollection';
  /** The wells one by one, or, when `clustered`, clusters only. */
  features: MapFeature[];
  /** True when the box held more than MAP_FEATURE_LIMIT wells and the features are clusters. */
  clustered: boolean;
}

/** GET /api/staff/map/extent: where the wells are, so the map can open on them. */
export interface MapExtent {
  /** west, south, east, north around the wells with a position, the farthest half-percent left out; null when none. */
  bbox: [number, number, number, number] | null;
  /** How many wells have a position. */
  count: number;
}

export const mapVisitsQuerySchema = z.object({ bbox: bboxSchema });
export type MapVisitsQuery = z.output<typeof mapVisitsQuerySchema>;

export interface VisitFeatureProperties {
  visitId: string;
  applicationId: string;
  applicationNumber: number;
  kind: string;
  /** The application's request was declined (its detail is the rejected list's). */
  declined: boolean;
  /** Who made the visit (the officer's e-mail, as the visit list shows it). */
  officerEmail: string;
  /** When, by the phone's clock (ISO 8601). */
  visitedAt: string;
  decision: VisitDecision;
  /** The phone's accuracy of the recorded position, in metres. */
  accuracyM: number;
  photoCount: number;
  /** False while photos are still arriving. */
  complete: boolean;
}

export interface VisitFeature {
  type: 'Feature';
  /** Where the officer stood, [longitude, latitude]. */
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: VisitFeatureProperties;
}

export interface VisitCollection {
  type: 'FeatureCollection';
  features: VisitFeature[];
  /** True when the box held more than MAP_VISIT_LIMIT visits: the newest are answered. */
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
