import { WELL_CLASSES, WELL_SIZE_VALUES } from '@portal/shared/constants';
import type { MessageKey } from '@portal/shared/i18n/index';

/**
 * How each amendable field is edited (the server's list, GET .../form editableFields, decides which
 * appear): choices as selects with the form's own Bangla names, the fee date as a date, long texts
 * as text areas, the rest as one-line boxes that take Bangla digits.
 */
export type FieldControl =
  | { type: 'text'; long?: boolean; numeric?: boolean }
  | { type: 'date' }
  | { type: 'select'; options: readonly string[]; prefix: string };

const CONTROLS: Record<string, FieldControl> = {
  wellClass: { type: 'select', options: WELL_CLASSES, prefix: 'common.wellClass.' },
  wellSize: { type: 'select', options: WELL_SIZE_VALUES, prefix: 'common.wellSize.' },
  feePaidOn: { type: 'date' },
  benefitArea: { type: 'text', long: true },
  specialConsideration: { type: 'text', long: true },
  jlNumber: { type: 'text', numeric: true },
  advanceFee: { type: 'text', numeric: true },
  latitude: { type: 'text', numeric: true },
  longitude: { type: 'text', numeric: true },
};

export const controlOf = (name: string): FieldControl => CONTROLS[name] ?? { type: 'text' };

/** The label of a field: the officers' detail table names every field; the map point has the form's own. */
export function labelKey(name: string): MessageKey {
  if (name === 'latitude' || name === 'longitude') return `application.field.${name}` as MessageKey;
  return `decisions.field.${name}` as MessageKey;
}

/** The stored value as the box shows it (numbers as text). */
export const asText = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
