import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { fillPlaceholders } from '@portal/shared/i18n/format';
import type { Locale, MessageKey } from '@portal/shared/i18n/index';
import { catalogueVersion, loadNamespaces, lookup, onCatalogueChange, shownNamespaces } from './messages';

/**
 * Bangla first; the visitor may switch to English, remembered on this device. The catalogue comes
 * in pieces (messages.ts, docs/decisions/044-catalogue-by-page.md): a cheap phone on a slow network
 * pays only for the words of the page it opens, and for English only when it is chosen. Until an
 * English namespace arrives, Bangla shows.
 */

/** Translates outside React (formatters, error texts); falls back to Bangla while English loads. */
export function translateIn(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return fillPlaceholders(lookup(locale, key), params);
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
        // One request per file the page already shows, rather than one as each text asks.
        if (l === 'en') void loadNamespaces(shownNamespaces(), 'en').catch(() => {});
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
  // Renders again whenever a namespace arrives (a page's own words, or English when chosen).
  const version = useSyncExternalStore(onCatalogueChange, catalogueVersion, catalogueVersion);
  return useMemo(() => {
    void version;
    return (key: MessageKey, params?: Record<string, string | number>) => fillPlaceholders(lookup(locale, key), params);
  }, [locale, version]);
}
