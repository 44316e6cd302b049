import { useCallback, useEffect, useState } from 'react';
import type { CitizenForm } from '@portal/shared/schemas/citizen-form';
import { api, ApiError } from '../../api/client';

export type FormLoad = { kind: 'loading' } | { kind: 'ready'; form: CitizenForm } | { kind: 'error'; error: ApiError };

const asApiError = (e: unknown) => (e instanceof ApiError ? e : new ApiError(0, 'NETWORK', '', ''));

/**
 * The verified application as the amendment and consent panels need it
 * (GET /api/citizen/application/form). Every write answers with the form as it now is, which
 * replaces the copy on screen; a 401 means the grant ran out and the page asks to verify again.
 */
export function useCitizenForm(onGrantExpired: (error: ApiError) => void) {
  const [load, setLoad] = useState<FormLoad>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ kind: 'loading' });
    api<CitizenForm>('/api/citizen/application/form')
      .then((form) => live && setLoad({ kind: 'ready', form }))
      .catch((e: unknown) => live && setLoad({ kind: 'error', error: asApiError(e) }));
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (load.kind === 'error' && load.error.code === 'VERIFICATION_REQUIRED') onGrantExpired(load.error);
  }, [load, onGrantExpired]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  /** Runs a write; its answer (the form) replaces the copy on screen. A failure is returned, not thrown. */
  const write = useCallback(
    async (path: string, init: RequestInit & { json?: unknown }): Promise<ApiError | null> => {
      try {
        const form = await api<CitizenForm>(path, init);
        setLoad({ kind: 'ready', form });
        return null;
      } catch (e) {
        const error = asApiError(e);
        if (error.code === 'VERIFICATION_REQUIRED') onGrantExpired(error);
        return error;
      }
    },
    [onGrantExpired],
  );

  return { load, retry, write };
}

/** A file as raw bytes, the way the intake sends one (Content-Type, X-File-Name URI-encoded). */
export function fileRequest(file: Blob & { name: string }): RequestInit {
  return {
    method: 'PUT',
    body: file,
    headers: {
      'content-type': file.type || 'application/octet-stream',
      'x-file-name': encodeURIComponent(file.name),
    },
  };
}
