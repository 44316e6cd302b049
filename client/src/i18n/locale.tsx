import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { bn } from '@portal/shared/i18n/bn/index';
import { fillPlaceholders } from '@portal/shared/i18n/format';
import type { Locale, MessageKey } from '@portal/shared/i18n/index';

/**
 * Bangla first; the visitor may switch to English, remembered on this device. Only the Bangla
 * catalogue is in the first download: English is fetched when someone chooses it (a cheap phone
 * on a slow network should not pay for a language it does not read). Until it arrives, Bangla shows.
 */
let en: Record<MessageKey, string> | null = null;
let loadingEn: Promise<void> | null = null;
function loadEnglish(): Promise<void> {
  loadingEn ??= import('@portal/shared/i18n/en/index').then((m) => {
    en = m.en;
  });
  return loadingEn;
}

/** Translates outside React (formatters, error texts); falls back to Bangla while English loads. */
export function translateIn(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const catalogue = locale === 'en' && en ? en : bn;
  return fillPlaceholders(catalogue[key] ?? bn[key] ?? key, params);
}

const LocaleContext = createContext<{ locale: Locale; setLocale: (l: Locale) => void }>({
  locale: 'bn',
  setLocale: () => {},
});

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() =>
    typeof localStorage !== 'undefined' && localStorage.getItem('locale') === 'en' ? 'en' : 'bn',
  );
  const value = useMemo(
    () => ({
      locale,
      setLocale: (l: Locale) => {
        localStorage.setItem('locale', l);
        document.documentElement.lang = l;
        setLocaleState(l);
      },
    }),
    [locale],
  );
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale() {
  return useContext(LocaleContext);
}

/** `t('common.submit')` in the current language; `{name}` placeholders filled from params. */
export function useT() {
  const { locale } = useLocale();
  // English is null until its chunk has arrived; the screen then renders again in English.
  const [english, setEnglish] = useState(en);
  useEffect(() => {
    if (locale === 'en' && !english) void loadEnglish().then(() => setEnglish(en));
  }, [locale, english]);
  return useMemo(() => {
    const catalogue = locale === 'en' && english ? english : bn;
    return (key: MessageKey, params?: Record<string, string | number>) =>
      fillPlaceholders(catalogue[key] ?? bn[key] ?? key, params);
  }, [locale, english]);
}
