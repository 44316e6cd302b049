import { useCallback, useEffect, useState } from 'react';
import type { StatusPanel } from '@portal/shared/schemas/citizen';
import { api, ApiError } from '../../api/client';

export type PanelLoad =
  { kind: 'loading' } | { kind: 'ready'; panel: StatusPanel } | { kind: 'error'; error: ApiError };

/** The verified application's status (GET /api/citizen/application); starts from a copy already fetched. */
export function useStatusPanel(initial?: StatusPanel): { load: PanelLoad; retry: () => void } {
  const [load, setLoad] = useState<PanelLoad>(initial ? { kind: 'ready', panel: initial } : { kind: 'loading' });
  const [attempt, setAttempt] = useState(initial ? 0 : 1);
  useEffect(() => {
    if (attempt === 0) return;
    let live = true;
    setLoad({ kind: 'loading' });
    api<StatusPanel>('/api/citizen/application')
      .then((panel) => live && setLoad({ kind: 'ready', panel }))
      .catch(
        (e: unknown) =>
          live && setLoad({ kind: 'error', error: e instanceof ApiError ? e : new ApiError(0, 'NETWORK', '', '') }),
      );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { load, retry };
}
