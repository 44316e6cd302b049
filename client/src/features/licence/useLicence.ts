import { useCallback, useEffect, useState } from 'react';
import type { LicenceDocument } from '@portal/shared/schemas/licence';
import { api, ApiError } from '../../api/client';

export type LicenceLoad =
  { kind: 'loading' } | { kind: 'ready'; doc: LicenceDocument } | { kind: 'error'; error: ApiError };

/** Loads a licence document from the API; `retry` loads it again after a failure. */
/** `replace` shows a document the server returned after a change (the approver block). */
export function useLicence(path: string): {
  load: LicenceLoad;
  retry: () => void;
  replace: (doc: LicenceDocument) => void;
} {
  const [load, setLoad] = useState<LicenceLoad>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoad({ kind: 'loading' });
    api<LicenceDocument>(path)
      .then((doc) => live && setLoad({ kind: 'ready', doc }))
      .catch((e: unknown) => {
        if (!live) return;
        const error = e instanceof ApiError ? e : new ApiError(0, 'NETWORK', '', '');
        setLoad({ kind: 'error', error });
      });
    return () => {
      live = false;
    };
  }, [path, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const replace = useCallback((doc: LicenceDocument) => setLoad({ kind: 'ready', doc }), []);
  return { load, retry, replace };
}
