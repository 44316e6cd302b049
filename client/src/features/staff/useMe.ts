import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Me } from '@portal/shared/schemas/auth';
import { api, ApiError } from '../../api/client';
import { requestSync } from '../../offline/signal';

/**
 * The last account this device saw, so that an inspector who reloads a screen with no signal still
 * gets the staff panel and the cached applications (docs/decisions/018-service-targets.md). Only e-mail and role are
 * kept (with the officer's name); the server still checks the session on every request.
 */
const LAST_ME_KEY = 'staff.lastMe';
function rememberMe(me: Me | null) {
  try {
    if (me) localStorage.setItem(LAST_ME_KEY, JSON.stringify(me));
    else localStorage.removeItem(LAST_ME_KEY);
  } catch {
    /* storage unavailable: offline reload just will not work */
  }
}
function lastKnownMe(): Me | null {
  try {
    const raw = localStorage.getItem(LAST_ME_KEY);
    return raw ? (JSON.parse(raw) as Me) : null;
  } catch {
    return null;
  }
}

/**
 * Who is signed in (GET /api/auth/me), kept in memory for the whole tab so that every staff
 * screen reads the same answer without asking again. Sign-in fills it, sign-out and any 401
 * empty it; the shell's guard reacts to the change (spec 2 §2: /admin-page needs a signed-in user).
 */
export type MeState =
  | { status: 'loading' }
  /** explicit: the person pressed Logout (the login page then says so and remembers no origin). */
  | { status: 'signedOut'; explicit?: boolean }
  | { status: 'ready'; me: Me }
  | { status: 'error'; error: ApiError };

let state: MeState = { status: 'loading' };
let loaded = false;
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: MeState) {
  state = next;
  loaded = next.status !== 'loading';
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the server who is signed in; concurrent callers share one request. */
export function loadMe(): Promise<void> {
  if (inflight) return inflight;
  if (state.status !== 'loading') set({ status: 'loading' });
  inflight = api<Me | null>('/api/auth/me')
    .then((me) => {
      rememberMe(me);
      set(me ? { status: 'ready', me } : { status: 'signedOut' });
    })
    .catch((e: unknown) => {
      const error = e instanceof ApiError ? e : new ApiError(0, 'NETWORK', '', '');
      if (error.status === 401) rememberMe(null);
      const offlineMe = error.isNetwork ? lastKnownMe() : null;
      if (offlineMe) set({ status: 'ready', me: offlineMe });
      else set(error.status === 401 ? { status: 'signedOut' } : { status: 'error', error });
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** After a successful POST /api/auth/login (its answer is the same shape as /me). */
export function setSignedIn(me: Me): void {
  rememberMe(me);
  set({ status: 'ready', me });
  // Decisions this officer queued and that waited for them to sign in go now (decision 012).
  requestSync();
}

/** The account changed on the server (the officer set their name): every screen shows the new answer. */
export function replaceMe(me: Me): void {
  rememberMe(me);
  set({ status: 'ready', me });
}

/** The server said the session is gone (401): the guard sends the person to /login. */
export function markSignedOut(): void {
  rememberMe(null);
  set({ status: 'signedOut' });
}

/**
 * The server answered PASSWORD_CHANGE_REQUIRED (decision 014): the account must change its password
 * first, so the shell takes the person to the password-change screen.
 */
export function markPasswordChangeRequired(): void {
  if (state.status !== 'ready' || state.me.mustChangePassword) return;
  const me = { ...state.me, mustChangePassword: true };
  rememberMe(me);
  set({ status: 'ready', me });
}

/** POST /api/auth/logout, then forget the account. A failure leaves the person signed in and is thrown. */
export async function signOut(): Promise<void> {
  try {
    await api('/api/auth/logout', { method: 'POST' });
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) throw e;
  }
  // A shared office device: forget this officer's kept applications and field packs (docs/decisions/018-service-targets.md, 031).
  rememberMe(null);
  // Fetched here, not with the sign-in page: the field packs' database (Dexie) is no part of signing in.
  const { clearFieldData } = await import('../field-pack/store');
  await clearFieldData();
  set({ status: 'signedOut', explicit: true });
}

/** The signed-in account; loads it on first use. `me` is null until it is known. */
export function useMe() {
  const current = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (!loaded && !inflight) void loadMe();
  }, []);
  const reload = useCallback(() => loadMe(), []);
  return { ...current, me: current.status === 'ready' ? current.me : null, reload };
}

/** For tests: forget everything between cases. */
export function resetMeForTests(): void {
  inflight = null;
  set({ status: 'loading' });
  loaded = false;
}
