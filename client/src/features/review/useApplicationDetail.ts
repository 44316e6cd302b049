import { useCallback, useEffect, useState } from 'react';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { ApiError } from '../../api/client';
import { keptDetail, rememberDetail } from '../field-pack/store';
import { useMe } from '../staff/useMe';
import { fetchDetail } from './api';

export type DetailState =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError; notCached: boolean }
  | {
      status: 'ready';
      detail: ApplicationDetail;
      /** set when the server could not be reached and this is the device's copy */ cachedAt: string | null;
    };

/**
 * One application's detail: from the server when it answers, else the copy kept on this phone —
 * its field pack, or the last detail opened online (docs/decisions/031-field-pack.md): an
 * application prepared or already opened can be inspected with no signal.
 */
export function useApplicationDetail(id: string | undefined) {
  const [state, setState] = useState<DetailState>({ status: 'loading' });
  const officerId = useMe().me?.id;

  const load = useCallback(async () => {
    // Who is signed in decides whose kept copy may be shown; the staff shell knows it before any detail screen.
    if (!id || officerId === undefined) return;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    try {
      const detail = await fetchDetail(id);
      void rememberDetail(detail, officerId);
      setState({ status: 'ready', detail, cachedAt: null });
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError(0, 'NETWORK', '', '');
      const kept = error.isNetwork ? await keptDetail(id, officerId) : null;
      if (kept) setState({ status: 'ready', detail: kept.detail, cachedAt: kept.savedAt });
      else setState({ status: 'error', error, notCached: error.isNetwork });
    }
  }, [id, officerId]);

  useEffect(() => {
    void load();
  }, [load]);

  /** After an action or a conflict the server's answer is the truth: show it and keep it. */
  const replace = useCallback(
    (detail: ApplicationDetail) => {
      if (officerId !== undefined) void rememberDetail(detail, officerId);
      setState({ status: 'ready', detail, cachedAt: null });
    },
    [officerId],
  );

  return { state, reload: load, replace };
}
