import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { translate, type Locale, type MessageKey } from '@portal/shared/i18n/index';

/** Bangla first; the visitor may switch to English, remembered on this device. */
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
  return useMemo(
    () => (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params),
    [locale],
  );
}
