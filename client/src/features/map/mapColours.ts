import type { MapState, NearbyWell } from '@portal/shared/schemas/map';

/** One colour per state on every map and its legend (docs/decisions/029-map-picker-and-live-map.md). */
export const STATE_COLOURS: Record<MapState, string> = {
  pending: '#d97706',
  approved: '#2563eb',
  testing: '#7c3aed',
  active: '#15803d',
  expired: '#6b7280',
  suspended: '#dc2626',
  declined: '#1f2937',
};

/** The live map's visits layer (docs/decisions/035): a colour none of the states use. */
export const VISIT_COLOUR = '#0e7490';

/** A nearby well on the picker: red when this application stands inside its command area, amber when the areas overlap. */
export function wellColour(w: Pick<NearbyWell, 'inside' | 'overlaps' | 'state'>): string {
  if (w.inside) return '#b91c1c';
  if (w.overlaps) return '#d97706';
  return STATE_COLOURS[w.state] ?? '#6b7280';
}
