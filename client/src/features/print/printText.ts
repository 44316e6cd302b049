import { formatDateBn } from '@portal/shared/i18n/dates';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { MessageKey } from '@portal/shared/i18n/index';
import { translateIn } from '../../i18n/locale';

/** Printed documents are in Bangla with Bangla digits, whatever the screen language (spec README "Keep"). */
export const pt = (key: MessageKey, params?: Record<string, string | number>) => translateIn('bn', key, params);

/** A printed value: Bangla digits, or a dash for a blank. */
export const bd = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : toBanglaDigits(String(v)));

/** A stored YYYY-MM-DD date printed day-month-year in Bangla digits, or a dash. */
export const bdDate = (v: unknown) => (typeof v === 'string' && v ? formatDateBn(v) || bd(v) : '—');
