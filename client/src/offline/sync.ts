import { MAX_DELAY_MS, MIN_DELAY_MS } from './backoff';
import { onSyncRequested } from './signal';
import { outboxHasUnsent } from './unsent';

/**
 * When the outbox is drained (docs/decisions/018-service-targets.md "The client"): on start, when the connection
 * returns, when the tab becomes visible, when something is queued, and on a backoff timer (1 s
 * doubling to 5 min); in one tab only. The engine (and Dexie with it) is loaded after the page
 * has painted, so it never weighs on a citizen's first load.
 */

type Engine = typeof import('./engine');
/** How long after start-up the first drain waits, so the page paints first. */
const START_DELAY_MS = 1_500;

let engine: Engine | null = null;
const loadEngine = async (): Promise<Engine> => (engine ??= await import('./engine'));

/** True while an outbox request is on the wire: the service worker must not swap versions then. */
export function isUploading(): boolean {
  return engine?.isUploading() ?? false;
}

// ---- Only one tab drains -------------------------------------------------------------------

const LOCK_NAME = 'portal-outbox-drain';
const LEASE_KEY = 'portal-outbox-lease';
const LEASE_MS = 60_000;
const tabId = Math.random().toString(36).slice(2);

function refreshLease(): void {
  if (typeof localStorage === 'undefined' || typeof navigator === 'undefined' || navigator.locks) return;
  localStorage.setItem(LEASE_KEY, `${tabId}:${Date.now() + LEASE_MS}`);
}

/** navigator.locks where the browser has it; otherwise a lease in localStorage that expires if its tab dies. */
async function withDrainLock<T>(fn: () => Promise<T>): Promise<T | null> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? fn() : null));
  }
  if (typeof localStorage === 'undefined') return fn();
  const [holder, until] = (localStorage.getItem(LEASE_KEY) ?? '').split(':');
  if (holder && holder !== tabId && Number(until) > Date.now()) return null;
  refreshLease();
  try {
    return await fn();
  } finally {
    localStorage.removeItem(LEASE_KEY);
  }
}

// ---- Scheduling ----------------------------------------------------------------------------

let started = false;
let running: Promise<void> | null = null;
let rerun = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let offlineDelay = MIN_DELAY_MS;

function schedule(ms: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void syncNow({ ignoreBackoff: false }), ms);
}

/** Drains now (or right after the drain that is running). Resolves when the queue has been looked at. */
export async function syncNow(opts: { ignoreBackoff?: boolean } = { ignoreBackoff: true }): Promise<void> {
  // Nothing queued on this device (asked of IndexedDB itself, decision 012): do not even load
  // the engine (and Dexie). Once loaded, the engine's own drain looks.
  if (!engine && !running && !(await outboxHasUnsent())) return;
  return drain(opts);
}

function drain(opts: { ignoreBackoff?: boolean }): Promise<void> {
  if (running) {
    rerun = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        rerun = false;
        const { drainOutbox, browserDeps } = await loadEngine();
        const result = await withDrainLock(() => drainOutbox(browserDeps, { ...opts, onItemDone: refreshLease }));
        if (result === null) {
          // Another tab drains; look again later in case it is closed.
          schedule(5 * MIN_DELAY_MS);
        } else if (result.remaining === 0) {
          offlineDelay = MIN_DELAY_MS;
          clearTimeout(timer);
        } else if (result.offline) {
          schedule(offlineDelay);
          offlineDelay = Math.min(offlineDelay * 2, MAX_DELAY_MS);
        } else {
          offlineDelay = MIN_DELAY_MS;
          const wait = (result.nextDueAt ?? 0) - Date.now();
          schedule(Math.min(Math.max(wait, MIN_DELAY_MS), MAX_DELAY_MS));
        }
      } while (rerun);
    } catch {
      // IndexedDB unavailable (private mode, storage cleared): try again later, never crash the page.
      schedule(offlineDelay);
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Called once from main.tsx. */
export function startOutboxSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  onSyncRequested(() => void syncNow());
  window.addEventListener('online', () => {
    offlineDelay = MIN_DELAY_MS;
    void syncNow();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncNow();
  });
  setTimeout(() => void syncNow(), START_DELAY_MS);
}
