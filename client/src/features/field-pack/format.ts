import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { Locale } from '@portal/shared/i18n/index';
import { translateIn } from '../../i18n/locale';

/** A size as an officer reads it: kilobytes under one megabyte, else megabytes with one decimal (Bangla digits in Bangla). */
export function formatBytes(bytes: number, locale: Locale): string {
  const digits = (s: string) => (locale === 'bn' ? toBanglaDigits(s) : s);
  if (bytes < 1_000_000)
    return translateIn(locale, 'fieldPack.size.kb', { n: digits(String(Math.ceil(bytes / 1000))) });
  if (bytes < 1_000_000_000)
    return translateIn(locale, 'fieldPack.size.mb', { n: digits((bytes / 1_000_000).toFixed(1)) });
  return translateIn(locale, 'fieldPack.size.gb', { n: digits((bytes / 1_000_000_000).toFixed(1)) });
}
