import { useMemo } from 'react';
import { formatDateBn, formatDateEn, todayInDhaka } from '@portal/shared/i18n/dates';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { ApiError } from '../../api/client';
import { useLocale } from '../../i18n/locale';
import { translateIn } from '../../i18n/locale';

/** Numbers and dates as the staff screens show them: Bangla digits in Bangla (spec README "Keep"). */
export function useFormat() {
  const { locale } = useLocale();
  return useMemo(
    () => ({
      num: (n: number | string) => (locale === 'bn' ? toBanglaDigits(n) : String(n)),
      /** An ISO date (YYYY-MM-DD) as day-month-year. */
      date: (iso: string | null | undefined) => (locale === 'bn' ? formatDateBn(iso) : formatDateEn(iso)),
      /** A timestamp as the day it was in Bangladesh (a submission at 01:00 Dhaka time is still that day). */
      day: (ts: string | null | undefined) => {
        if (!ts) return '';
        const d = new Date(ts);
        if (Number.isNaN(d.getTime())) return '';
        const iso = todayInDhaka(d);
        return locale === 'bn' ? formatDateBn(iso) : formatDateEn(iso);
      },
      /** The server's problem message in the reader's language; never a stack trace. */
      error: (e: unknown) => {
        if (e instanceof ApiError)
          return (locale === 'bn' ? e.messageBn : e.messageEn) || e.messageBn || e.messageEn || e.code;
        return translateIn(locale, 'staff.error.unknown');
      },
    }),
    [locale],
  );
}
