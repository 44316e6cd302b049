/**
 * Whether this phone may hold a verification grant, so that a first visit to a verification page
 * opens on the number form instead of a loading line while the server is asked
 * (docs/decisions/046-first-screen-in-the-html.md). The grant itself is an httpOnly cookie
 * the page cannot read; this keeps only its end time, and says nothing the server does not check:
 * a wrong hint costs a loading line (a grant that ended) or a late switch to the panel (a grant
 * this phone forgot), never access.
 */
const KEY = 'verification-grant-until';

export function rememberGrant(expiresInSeconds: number): void {
  try {
    localStorage.setItem(KEY, String(Date.now() + expiresInSeconds * 1000));
  } catch {
    // Storage refused (private mode, full): the page asks the server first, as without a hint.
  }
}

export function forgetGrant(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}

/** False only when this phone knows it holds no live grant. */
export function mayHaveGrant(): boolean {
  // The server's rendering of a first visit (entry-server.tsx): no phone, so no grant.
  if (typeof localStorage === 'undefined') return false;
  try {
    const until = localStorage.getItem(KEY);
    return until !== null && Number(until) > Date.now();
  } catch {
    return true;
  }
}
