import type { Locale } from '@portal/shared/i18n/index';

/** A place's or an office's name in the reader's language (the country's list has both). */
export function nameIn(locale: Locale, o: { nameBn: string; nameEn: string }): string {
  return locale === 'bn' ? o.nameBn : o.nameEn;
}
