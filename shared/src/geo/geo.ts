import { WELL_SIZES } from '../constants.js';

/**
 * Plain geometry the client and the server share (docs/decisions/028-map-and-siting.md): the
 * country's box that every position must fall in, the command-area radius of a well size
 * (spec 3 §9), and great-circle distances. No map library here: the server and the forms use it.
 */

/** Bangladesh's bounding box, the same bounds as latitudeSchema and longitudeSchema. */
export const BANGLADESH_BOUNDS = { south: 20.3, north: 26.8, west: 87.9, east: 92.8 } as const;

export interface LatLng {
  latitude: number;
  longitude: number;
}

export function insideBangladesh(p: LatLng): boolean {
  const b = BANGLADESH_BOUNDS;
  return p.latitude >= b.south && p.latitude <= b.north && p.longitude >= b.west && p.longitude <= b.east;
}

/** The command-area radius in metres of a well size code; null for a size the table does not know (old records). */
export function commandRadiusM(wellSize: string | null | undefined): number | null {
  const size = WELL_SIZES.find((s) => s.value === wellSize?.trim());
  return size ? size.commandMetres : null;
}

/** The largest command-area radius: two wells further apart than twice this can never overlap. */
export const MAX_COMMAND_RADIUS_M = Math.max(...WELL_SIZES.map((s) => s.commandMetres));

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in metres. */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres per degree of latitude on the sphere distanceM measures on (about 111,195). */
const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;

/** A box (west, south, east, north) that holds every point within `metres` of `p`. */
export function boxAround(p: LatLng, metres: number): [number, number, number, number] {
  // The same sphere as distanceM: with another degree length (111,320 m) the box would miss a
  // well a few metres short of the edge due north or south.
  const dLat = metres / METRES_PER_DEGREE;
  const dLon = metres / (METRES_PER_DEGREE * Math.max(0.01, Math.cos(rad(p.latitude))));
  return [p.longitude - dLon, p.latitude - dLat, p.longitude + dLon, p.latitude + dLat];
}
