import { useCallback, useEffect, useState } from 'react';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { ApiError } from '../../api/client';
import { fetchDetail } from './api';
import { cacheDetail, readCachedDetail } from './detailCache';

export type DetailState =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError; notCached: boolean }
  | {
      status: 'ready';
      detail: ApplicationDetail;
      /** set when the server could not be reached and this is the device's copy */ cachedAt: string | null;
    };

/**
 * One application's detail: from the server when it answers, else the copy kept on this device
 * (docs/decisions/018-service-targets.md: an already-opened application can be inspected with no signal).
 */
export function useApplicationDetail(id: string | undefined) {
  const [state, setState] = useState<DetailState>({ status: 'loading' });

  const load = useCallback(async () => {
    if (!id) return;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    try {
      const detail = await fetchDetail(id);
      cacheDetail(detail);
      setState({ status: 'ready', detail, cachedAt: null });
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError(0, 'NETWORK', '', '');
      const cached = error.isNetwork ? readCachedDetail(id) : null;
      if (cached) setState({ status: 'ready', detail: cached.detail, cachedAt: cached.savedAt });
      else setState({ status: 'error', error, notCached: error.isNetwork });
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  /** After an action or a conflict the server's answer is the truth: show it and keep it. */
  const replace = useCallback((detail: ApplicationDetail) => {
    cacheDetail(detail);
    setState({ status: 'ready', detail, cachedAt: null });
  }, []);

  return { state, reload: load, replace };
}
