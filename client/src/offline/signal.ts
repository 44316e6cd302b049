/**
 * "There is new work in the outbox": outbox.ts rings it, sync.ts listens. Kept apart so that
 * queueing never pulls the sync engine in, and tests can queue without anything being sent.
 *
 * It also keeps a one-word note in localStorage while this device holds unsent items, so that a
 * page opened with an empty outbox (most visits) loads neither Dexie nor the sync engine: on a
 * cheap phone those 30 KiB are better spent on the page itself.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const PENDING_KEY = 'portal-outbox-pending';

export function onSyncRequested(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function requestSync(): void {
  try {
    localStorage.setItem(PENDING_KEY, '1');
  } catch {
    /* storage unavailable: sync.ts then always looks */
  }
  for (const l of listeners) l();
}

/** False only when this device knows its outbox holds nothing unsent. */
export function outboxMaybePending(): boolean {
  try {
    return localStorage.getItem(PENDING_KEY) === '1';
  } catch {
    return true;
  }
}

/** The engine found nothing unsent. */
export function markOutboxEmpty(): void {
  try {
    localStorage.removeItem(PENDING_KEY);
  } catch {
    /* nothing to do */
  }
}
