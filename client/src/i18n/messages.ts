import type { Locale, MessageKey } from '@portal/shared/i18n/index';
import { common } from '@portal/shared/i18n/bn/common';
import { home } from '@portal/shared/i18n/bn/home';
import { NAMESPACES_BY_PREFIX, type Namespace } from './namespaces';

/**
 * The message catalogue as this phone has it so far (docs/decisions/044-catalogue-by-page.md).
 * The whole Bangla catalogue is about 40 KiB compressed, more than a citizen page's first paint
 * may cost, so only the site frame's words (common, home) come with the first download; each page
 * asks for the namespaces it shows (router.tsx) while its own chunk downloads, and English is
 * fetched namespace by namespace when chosen.
 *
 * A key whose namespace has not arrived yet is never shown as the raw key: the lookup starts the
 * download, answers an empty string and every screen using useT() renders again when it is here.
 */
type Catalogue = Partial<Record<MessageKey, string>>;
type NamespaceModule = Record<string, Record<string, string>>;

const files: Record<Locale, Record<string, () => Promise<NamespaceModule>>> = {
  bn: import.meta.glob<NamespaceModule>(['../../../shared/src/i18n/bn/*.ts', '!../../../shared/src/i18n/bn/index.ts']),
  en: import.meta.glob<NamespaceModule>(['../../../shared/src/i18n/en/*.ts', '!../../../shared/src/i18n/en/index.ts']),
};

const catalogues: Record<Locale, Catalogue> = { bn: { ...common, ...home } as Catalogue, en: {} };
const arrived: Record<Locale, Set<Namespace>> = { bn: new Set(['common', 'home']), en: new Set() };
const pending = new Map<string, Promise<void>>();

let version = 0;
const listeners = new Set<() => void>();

/** For useSyncExternalStore: a number that changes whenever a namespace arrives. */
export function catalogueVersion(): number {
  return version;
}
export function onCatalogueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function loadOne(locale: Locale, ns: Namespace): Promise<void> {
  if (arrived[locale].has(ns)) return Promise.resolve();
  const id = `${locale}/${ns}`;
  let loading = pending.get(id);
  if (!loading) {
    const load = files[locale][`../../../shared/src/i18n/${locale}/${ns}.ts`];
    if (!load) throw new Error(`No message file ${id}`);
    loading = load().then(
      (mod) => {
        for (const part of Object.values(mod)) Object.assign(catalogues[locale], part);
        arrived[locale].add(ns);
        pending.delete(id);
        version++;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        // A lost connection: forget the attempt so the next render or page asks again.
        pending.delete(id);
        throw error;
      },
    );
    pending.set(id, loading);
  }
  return loading;
}

/**
 * Fetches the namespaces a page shows, in Bangla and, when chosen, in English. A page's lazy
 * import waits for this, so its first render already has its words.
 */
export function loadNamespaces(namespaces: readonly Namespace[], locale: Locale = currentLocale()): Promise<void> {
  const wanted = locale === 'en' ? (['bn', 'en'] as const) : (['bn'] as const);
  return Promise.all(wanted.flatMap((l) => namespaces.map((ns) => loadOne(l, ns)))).then(() => undefined);
}

/** The namespaces this phone has in Bangla, to fetch in English when the visitor switches. */
export function shownNamespaces(): Namespace[] {
  return [...arrived.bn];
}

/** Every namespace, for the staff panel (desktop, one download) and for tests. */
export const ALL_NAMESPACES = [...new Set(Object.values(NAMESPACES_BY_PREFIX).flat())] as Namespace[];

function namespacesOf(key: string): readonly Namespace[] {
  return NAMESPACES_BY_PREFIX[key.slice(0, key.indexOf('.'))] ?? ALL_NAMESPACES;
}

function currentLocale(): Locale {
  return typeof localStorage !== 'undefined' && localStorage.getItem('locale') === 'en' ? 'en' : 'bn';
}

/**
 * The text of a key: the chosen language, else Bangla while English downloads; '' while the
 * key's Bangla namespace downloads (a page that forgot to ask for it); the key itself only when
 * no catalogue has it.
 */
export function lookup(locale: Locale, key: MessageKey): string {
  const own = catalogues[locale][key];
  if (own !== undefined) return own;
  const namespaces = namespacesOf(key);
  if (locale === 'en' && namespaces.some((ns) => !arrived.en.has(ns)))
    void loadNamespaces(namespaces, 'en').catch(() => {});
  const bangla = catalogues.bn[key];
  if (bangla !== undefined) return bangla;
  if (namespaces.some((ns) => !arrived.bn.has(ns))) {
    if (import.meta.env.DEV) console.warn(`i18n: "${key}" was shown before its namespace was asked for`);
    void loadNamespaces(namespaces, 'bn').catch(() => {});
    return '';
  }
  return key;
}

/**
 * Whether a string is a message key (validation messages carry keys): one the catalogue has, or
 * one of a known prefix whose file has not arrived yet (lookup() then fetches it).
 */
export function isMessageKey(text: string): text is MessageKey {
  if (text in catalogues.bn) return true;
  const prefix = /^([a-zA-Z]+)\.[\w.-]+$/.exec(text)?.[1];
  const namespaces = prefix === undefined ? undefined : NAMESPACES_BY_PREFIX[prefix];
  return namespaces !== undefined && namespaces.some((ns) => !arrived.bn.has(ns));
}
