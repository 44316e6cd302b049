import { useEffect, useState } from 'react';
import type { Locality, PublicSettings } from '@portal/shared';
import { api } from '../api/client';

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

export function useCachedJson<T>(path: string, key: string): { data: T | undefined; loading: boolean } {
  const [data, setData] = useState<T | undefined>(() => readCache<T>(key));
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    api<T>(path)
      .then((fresh) => {
        if (!live) return;
        setData(fresh);
        try {
          localStorage.setItem(key, JSON.stringify(fresh));
        } catch {
          /* storage full: the fresh answer still shows */
        }
      })
      .catch(() => {
        /* offline or server down: the cached answer (if any) stays */
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [path, key]);
  return { data, loading };
}

export const usePublicSettings = () => useCachedJson<PublicSettings>('/api/public/settings', 'cache:public-settings');

export const useLocalities = () =>
  useCachedJson<{ unions: Locality[]; posts: Locality[] }>('/api/public/localities', 'cache:localities');
