import type { OutboxStatus } from './db';

/**
 * "Is anything on this device still to be sent?", asked of IndexedDB itself: IndexedDB is the one
 * truth about what is queued (docs/decisions/018-service-targets.md "The client", docs/decisions/012-offline-queue-truth.md).
 * A flag in localStorage used to answer this, and a browser killed seconds after "send" lost the
 * flag (Chromium writes localStorage to disk late) while IndexedDB kept the item: the queue was
 * stranded. This module uses the raw IndexedDB API for one count on the outbox's `status` index,
 * so a page with an empty outbox still loads neither Dexie nor the sync engine (decision 011).
 */

/** The database Dexie opens (db.ts), its outbox store and that store's status index. */
export const DB_NAME = 'portal';
const STORE = 'outbox';
const STATUS_INDEX = 'status';

/** Statuses the sync engine still has work for. */
export const UNSENT_STATUSES: readonly OutboxStatus[] = ['saved', 'sending', 'files-pending'];

/**
 * How many outbox items are not yet on the server. Never creates the database: on a device that
 * has never queued anything the open is cancelled in its upgrade step. When IndexedDB cannot be
 * read the answer is "maybe" (1), so the engine looks with Dexie and reports the error its own way.
 */
export function countUnsent(): Promise<number> {
  const MAYBE = 1;
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(0);
    let fresh = false;
    let request: IDBOpenDBRequest;
    try {
      // No version: the current one, so this never upgrades (or blocks) a database Dexie made.
      request = indexedDB.open(DB_NAME);
    } catch {
      return resolve(MAYBE);
    }
    request.onupgradeneeded = () => {
      // Version 0: the database does not exist, so nothing is queued. Leave it to Dexie to create.
      fresh = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(fresh ? 0 : MAYBE);
    };
    request.onsuccess = () => {
      const idb = request.result;
      // Never stand in the way of Dexie opening a newer version in this or another tab.
      idb.onversionchange = () => idb.close();
      if (!idb.objectStoreNames.contains(STORE)) {
        idb.close();
        return resolve(0);
      }
      try {
        const tx = idb.transaction(STORE, 'readonly');
        const index = tx.objectStore(STORE).index(STATUS_INDEX);
        const counts = UNSENT_STATUSES.map((status) => index.count(status));
        tx.oncomplete = () => {
          idb.close();
          resolve(counts.reduce((sum, c) => sum + c.result, 0));
        };
        tx.onerror = tx.onabort = () => {
          idb.close();
          resolve(MAYBE);
        };
      } catch {
        idb.close();
        resolve(MAYBE);
      }
    };
  });
}

/** True when something on this device is waiting to be sent (or IndexedDB cannot say). */
export async function outboxHasUnsent(): Promise<boolean> {
  return (await countUnsent()) > 0;
}
