import { registerServiceWorker } from './pwa';
import { startOutboxSync } from './offline/sync';

/**
 * What starts once the page has loaded, in a chunk of its own so that it is not part of what a
 * phone must download before the first paint (docs/decisions/044-catalogue-by-page.md): the
 * service worker (Workbox's own advice is to register it after load) and the outbox's sync loop,
 * which waits 1.5 s before its first try in any case.
 */
export function bootAfterLoad(): void {
  registerServiceWorker();
  startOutboxSync();
}
