/**
 * "There is new work in the outbox": outbox.ts rings it, sync.ts listens. Kept apart so that
 * queueing never pulls the sync engine in, and tests can queue without anything being sent.
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
