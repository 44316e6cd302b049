/**
 * "There is new work in the outbox": outbox.ts rings it, sync.ts and the header listen. Kept apart
 * so that queueing never pulls the sync engine in, and tests can queue without anything being
 * sent. Whether anything is queued at all is asked of IndexedDB (unsent.ts), never remembered in
 * localStorage (docs/decisions/012-offline-queue-truth.md).
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSyncRequested(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function requestSync(): void {
  for (const l of listeners) l();
}
