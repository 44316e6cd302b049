import { formatDateBn, formatDateEn } from '@portal/shared/i18n/dates';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { Locale } from '@portal/shared/i18n/index';

/** Digits as the reader expects them: Bangla digits on Bangla screens (spec README "Keep"). */
export function localDigits(value: string | number, locale: Locale): string {
  return locale === 'bn' ? toBanglaDigits(value) : String(value);
}

/** A stored date (YYYY-MM-DD…) as day-month-year, one way everywhere (spec README defect 8). */
export function localDate(iso: string | null | undefined, locale: Locale): string {
  return locale === 'bn' ? formatDateBn(iso) : formatDateEn(iso);
}

/** A timestamp in Bangladesh time (UTC+6, no daylight saving) as day-month-year hour:minute. */
export function localDateTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const dhaka = new Date(ms + 6 * 3600_000).toISOString();
  return `${localDate(dhaka, locale)} ${localDigits(dhaka.slice(11, 16), locale)}`;
}
