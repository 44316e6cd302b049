import { insideBangladesh, toLatinDigits, type LatLng } from '@portal/shared';

/**
 * The one owner of the rule "which position is the well's" (docs/decisions/028-map-and-siting.md):
 * the position BADC recorded on its visit (inspect, updateFinal), else the one the applicant typed.
 * Every writer of a position — the intake, the review actions, the applicant's amendment — sets the
 * indexed columns through wellPositionColumns and nothing else writes them, so the live map and the
 * siting check read one answer. Migration 20261124-01 applied the same rule to the rows it found.
 */
export type PositionSource = 'applicant' | 'officer';

export interface WellPositionColumns {
  latitude: number | null;
  longitude: number | null;
  position_source: PositionSource | null;
}

/** A coordinate as a form stores it: a number, or digits typed in Latin or Bangla (old records). */
function coordinate(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = toLatinDigits(value.trim());
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/** The position in a form's fields: both coordinates, inside Bangladesh; otherwise none. */
export function positionInFields(fields: Record<string, unknown>): LatLng | null {
  const latitude = coordinate(fields.latitude);
  const longitude = coordinate(fields.longitude);
  if (latitude === null || longitude === null) return null;
  const p = { latitude, longitude };
  return insideBangladesh(p) ? p : null;
}

/**
 * The columns to write after `by` changed the position in `fields` (the fields as they are after
 * the change). An officer's position always replaces what was there; the applicant's only while
 * no officer has recorded one (`current`, the row's position_source before the write): an
 * amendment after BADC's visit changes the form, not the officer's finding. An empty object means
 * "leave the columns as they are". An officer's fields without a usable position change nothing.
 */
export function wellPositionColumns(
  fields: Record<string, unknown>,
  by: PositionSource,
  current: PositionSource | null = null,
): Partial<WellPositionColumns> {
  const p = positionInFields(fields);
  if (by === 'officer') return p ? { ...p, position_source: 'officer' } : {};
  if (current === 'officer') return {};
  return p ? { ...p, position_source: 'applicant' } : { latitude: null, longitude: null, position_source: null };
}
