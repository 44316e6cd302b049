import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { SitingCheck } from '@portal/shared/schemas/map';
import { staffApi } from '../staff/staffApi';

export type SitingState = { kind: 'loading' } | { kind: 'ok'; check: SitingCheck } | { kind: 'failed' };

const SitingContext = createContext<SitingState | null>(null);

/**
 * Asks GET /api/staff/applications/{id}/siting once for the screen, and gives the answer to the
 * siting panel and to the picker's map inside the form (through context, so the forms between them
 * need not know). No answer (offline, a server error) is 'failed': the panel says it could not
 * check, and the form goes on without it.
 */
export function SitingProvider({ applicationId, children }: { applicationId: string; children: ReactNode }) {
  const [state, setState] = useState<SitingState>({ kind: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setState({ kind: 'loading' });
    staffApi<SitingCheck>(`/api/staff/applications/${encodeURIComponent(applicationId)}/siting`, {
      signal: abort.signal,
    }).then(
      (check) => !abort.signal.aborted && setState({ kind: 'ok', check }),
      () => !abort.signal.aborted && setState({ kind: 'failed' }),
    );
    return () => abort.abort();
  }, [applicationId]);
  return <SitingContext.Provider value={state}>{children}</SitingContext.Provider>;
}

/** The siting answer of the screen, or null outside a SitingProvider (a citizen's form). */
export function useSiting(): SitingState | null {
  return useContext(SitingContext);
}
