import { toBanglaDigits } from './digits.js';

/**
 * Dates are stored as ISO dates (YYYY-MM-DD) and timestamps as timestamptz, and shown one way:
 * day-month-year in Bangla digits (spec README defect 8).
 */
export function formatDateBn(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return '';
  return toBanglaDigits(`${m[3]}-${m[2]}-${m[1]}`);
}

export function formatDateEn(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

/** Today's date in Bangladesh (UTC+6, no daylight saving) as YYYY-MM-DD. */
export function todayInDhaka(now: Date = new Date()): string {
  return new Date(now.getTime() + 6 * 3600_000).toISOString().slice(0, 10);
}

/** Adds whole years to an ISO date; 29 February falls back to 28 February. */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}
