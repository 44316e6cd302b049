import { startTransition, useEffect, useRef, useState } from 'react';
import type { Locality, PublicSettings } from '@portal/shared';
import { SETTINGS_DATA_ID } from '@portal/shared/html-data';
import { api } from '../api/client';
import { readHtmlData } from '../htmlData';
import { adoptingFirstScreen } from '../adoption';

/**
 * Small public lists the form needs (site settings, the office's unions and post offices): the
 * last answer is kept in localStorage so the form still works with no connection (docs/decisions/018-service-targets.md).
 */
function readCache<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `fromHtml`: the answer the page's HTML carried, which its first screen was drawn with. It comes
 * first (the phone's copy may be older), and it is all that the adoption of that first screen
 * (hydration) may see: the server knew no copy on this phone, which is taken in an effect after.
 * A fresh answer equal to the one shown changes nothing, so the form is not rendered again for it;
 * a different one is rendered as a transition, in slices (docs/decisions/048-less-work-after-the-first-paint.md).
 */
export function useCachedJson<T>(
  path: string,
  key: string,
  fromHtml: () => T | undefined = () => undefined,
): { data: T | undefined; loading: boolean } {
  const [start] = useState(() => {
    const value = fromHtml() ?? (adoptingFirstScreen() ? undefined : readCache<T>(key));
    return { value, text: value === undefined ? undefined : JSON.stringify(value) };
  });
  const [data, setData] = useState<T | undefined>(start.value);
  const shown = useRef(start.text);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    const show = (value: T) => {
      const text = JSON.stringify(value);
      if (text === shown.current) return;
      shown.current = text;
      startTransition(() => setData(value));
    };
    if (shown.current === undefined) {
      // Adopted from a page that carried no answer: the phone's copy, until the fresh one comes.
      const kept = readCache<T>(key);
      if (kept !== undefined) show(kept);
    }
    api<T>(path)
      .then((fresh) => {
        if (!live) return;
        show(fresh);
        try {
          localStorage.setItem(key, shown.current!);
        } catch {
          /* storage full: the fresh answer still shows */
        }
      })
      .catch(() => {
        /* offline or server down: the cached answer (if any) stays */
      })
      .finally(() => live && startTransition(() => setLoading(false)));
    return () => {
      live = false;
    };
  }, [path, key]);
  return { data, loading };
}

/**
 * The settings a citizen page's first screen was drawn with: on the server, those it renders with
 * (renderWithSettings); in the browser, the block the server wrote beside that screen, read once
 * (docs/decisions/047-scripts-after-the-first-paint.md).
 */
let rendering: PublicSettings | undefined;
let fromPage: PublicSettings | undefined | null = null; // null: not looked for yet
function settingsFromHtml(): PublicSettings | undefined {
  if (rendering) return rendering;
  if (fromPage === null) fromPage = readHtmlData(SETTINGS_DATA_ID) as PublicSettings | undefined;
  return fromPage;
}

/** For tests: a new page load, whose HTML has not been looked at yet. */
export function resetPageSettingsForTests(): void {
  fromPage = null;
}

/** Renders with `settings` as the page's settings (the server's rendering of a first screen); renderToString is synchronous. */
export function renderWithSettings<T>(settings: PublicSettings | undefined, render: () => T): T {
  rendering = settings;
  try {
    return render();
  } finally {
    rendering = undefined;
  }
}

export const usePublicSettings = () =>
  useCachedJson<PublicSettings>('/api/public/settings', 'cache:public-settings', settingsFromHtml);

export const useLocalities = () =>
  useCachedJson<{ unions: Locality[]; posts: Locality[] }>('/api/public/localities', 'cache:localities');
