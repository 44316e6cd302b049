import { insideBangladesh, type LatLng } from '@portal/shared/geo/geo';
import { toLatinDigits } from '@portal/shared/i18n/digits';
import type { MessageKey } from '@portal/shared/i18n/index';

/** The two coordinate boxes of a GEO item's place, as typed (Latin or Bangla digits). */
export interface PositionText {
  latitude: string;
  longitude: string;
}
export type PositionErrors = Partial<Record<keyof PositionText, MessageKey>>;

export const EMPTY_POSITION: PositionText = { latitude: '', longitude: '' };

/** undefined: empty; null: not a number. */
function coordinate(text: string): number | null | undefined {
  const plain = toLatinDigits(text.trim());
  if (plain === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : null;
}

/**
 * The boxes read the way the server reads them (docs/decisions/034-geo-database-map.md): both or
 * neither, numbers, inside Bangladesh. `position: null` is "no place" (both empty).
 */
export function parsePosition(
  v: PositionText,
): { ok: true; position: LatLng | null } | { ok: false; errors: PositionErrors } {
  const latitude = coordinate(v.latitude);
  const longitude = coordinate(v.longitude);
  const errors: PositionErrors = {};
  if (latitude === null) errors.latitude = 'v.latitude';
  if (longitude === null) errors.longitude = 'v.longitude';
  if (latitude === undefined && longitude !== undefined) errors.latitude = 'geoItems.v.bothOrNone';
  if (longitude === undefined && latitude !== undefined) errors.longitude = 'geoItems.v.bothOrNone';
  if (errors.latitude || errors.longitude || latitude === null || longitude === null) return { ok: false, errors };
  if (latitude === undefined || longitude === undefined) return { ok: true, position: null };
  const position = { latitude, longitude };
  if (!insideBangladesh(position)) return { ok: false, errors: { latitude: 'problem.GEO_OUTSIDE_BANGLADESH' } };
  return { ok: true, position };
}

/** A stored place back in the boxes. */
export function positionText(p: { latitude?: number | null; longitude?: number | null }): PositionText {
  return p.latitude == null || p.longitude == null
    ? EMPTY_POSITION
    : { latitude: String(p.latitude), longitude: String(p.longitude) };
}

/** Six decimals at most (about 10 cm), without trailing zeros nobody typed. */
export function coordinateText(n: number): string {
  return String(Number(n.toFixed(6)));
}
