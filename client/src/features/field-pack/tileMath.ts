import { boxAround, insideBangladesh, type LatLng } from '@portal/shared/geo/geo';
import { toLatinDigits } from '@portal/shared/i18n/digits';

/** Web-Mercator tile arithmetic for the field pack (docs/decisions/031-field-pack.md). */
export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

const lon2x = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const lat2y = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

/** The tiles covering a box at one zoom. */
export function tilesInBox([w, s, e, n]: Bounds, z: number): TileCoord[] {
  const out: TileCoord[] = [];
  const max = 2 ** z - 1;
  const x0 = Math.max(0, lon2x(w, z));
  const x1 = Math.min(max, lon2x(e, z));
  const y0 = Math.max(0, lat2y(n, z));
  const y1 = Math.min(max, lat2y(s, z));
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.push({ z, x, y });
  return out;
}

/**
 * The tiles within `metres` of a place from minZoom to maxZoom, cut to the archive's bounds: a
 * tile the source does not have would only be a failed request.
 */
export function tilesAround(
  p: LatLng,
  metres: number,
  minZoom: number,
  maxZoom: number,
  bounds: Bounds | null,
): TileCoord[] {
  let box = boxAround(p, metres) as Bounds;
  if (bounds) {
    box = [
      Math.max(box[0], bounds[0]),
      Math.max(box[1], bounds[1]),
      Math.min(box[2], bounds[2]),
      Math.min(box[3], bounds[3]),
    ];
    if (box[0] > box[2] || box[1] > box[3]) return [];
  }
  const out: TileCoord[] = [];
  for (let z = minZoom; z <= maxZoom; z++) out.push(...tilesInBox(box, z));
  return out;
}

/** The well's position from the form's fields (Latin or Bangla digits), or null when it has none inside Bangladesh. */
export function wellPosition(fields: Record<string, unknown>): LatLng | null {
  const num = (v: unknown) => {
    if (typeof v === 'number') return v;
    if (typeof v !== 'string' || v.trim() === '') return NaN;
    return Number(toLatinDigits(v).trim());
  };
  const p = { latitude: num(fields.latitude), longitude: num(fields.longitude) };
  return Number.isFinite(p.latitude) && Number.isFinite(p.longitude) && insideBangladesh(p) ? p : null;
}

export function tileUrl(template: string, t: TileCoord): string {
  return template.replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y));
}
