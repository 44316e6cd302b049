import { insideBangladesh } from '@portal/shared/geo/geo';
import { toLatinDigits } from '@portal/shared/i18n/digits';

/**
 * What the two coordinate boxes say, read the way the server reads them (Bangla or Latin digits,
 * docs/decisions/018-service-targets.md), so the pin and the form agree on every keystroke.
 */
export type Reading =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'outside'; latitude: number; longitude: number }
  | { kind: 'inside'; latitude: number; longitude: number };

function number(text: string): number | null | undefined {
  const plain = toLatinDigits(text.trim());
  if (plain === '') return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return null;
  return Number(plain);
}

export function readPosition(latitude: string, longitude: string): Reading {
  const lat = number(latitude);
  const lng = number(longitude);
  if (lat === undefined || lng === undefined) return { kind: lat === null || lng === null ? 'invalid' : 'empty' };
  if (lat === null || lng === null) return { kind: 'invalid' };
  return {
    kind: insideBangladesh({ latitude: lat, longitude: lng }) ? 'inside' : 'outside',
    latitude: lat,
    longitude: lng,
  };
}

/** A coordinate as the form stores it: Latin digits, six decimals (about 10 cm), what the server's schema takes. */
export function formatCoordinate(value: number): string {
  return value.toFixed(6);
}

/** A GPS fix worse than this many metres gets a warning: a well's command area starts at about 50 m. */
export const GPS_WARN_METRES = 30;
