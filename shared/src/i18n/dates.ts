import { toBanglaDigits, toLatinDigits } from './digits.js';

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

/**
 * A date as a person types it, the way the portal shows dates: day first (`10-11-2026`,
 * `10/11/2026`, `১০.১১.২০২৬`, `10112026`), Bangla or Latin digits; an ISO date (`2026-11-10`)
 * too, which cannot be read another way. Returns the ISO date, or null for anything that is not
 * one real calendar day (31-02-2026, a two-digit year, a month 13): never a guess.
 */
export function parseDayFirst(text: string): string | null {
  const s = toLatinDigits(text).trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  let [y, mo, d] = m ? [m[1], m[2], m[3]] : [];
  if (!m) {
    m = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(s) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(s);
    if (!m) return null;
    [d, mo, y] = [m[1], m[2], m[3]];
  }
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  if (year < 1900 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
