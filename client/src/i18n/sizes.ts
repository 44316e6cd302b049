import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { Locale } from '@portal/shared/i18n/index';
import { MAX_FILE_BYTES } from '@portal/shared/constants';
import { translateIn } from './locale';

/**
 * A size as a person reads it, never in bytes: kilobytes under one megabyte, else megabytes with
 * one decimal (Bangla digits in Bangla). One decimal more where one would round a file over the
 * 1.5 MB upload limit down to the limit itself ("1.5 MB is too large").
 */
export function formatBytes(bytes: number, locale: Locale): string {
  const digits = (s: string) => (locale === 'bn' ? toBanglaDigits(s) : s);
  if (bytes < 1_000_000) return translateIn(locale, 'common.size.kb', { n: digits(String(Math.ceil(bytes / 1000))) });
  if (bytes < 1_000_000_000) {
    let decimals = 1;
    while (
      bytes > MAX_FILE_BYTES &&
      decimals < 6 &&
      Number((bytes / 1_000_000).toFixed(decimals)) * 1_000_000 === MAX_FILE_BYTES
    )
      decimals++;
    return translateIn(locale, 'common.size.mb', { n: digits((bytes / 1_000_000).toFixed(decimals)) });
  }
  return translateIn(locale, 'common.size.gb', { n: digits((bytes / 1_000_000_000).toFixed(1)) });
}
