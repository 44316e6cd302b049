import type { Page } from 'playwright-core';

/**
 * What the phone keeps, read straight from the page's IndexedDB (the portal's Dexie database
 * "portal", docs/decisions/005-offline-submission.md) without going through the app: the scenarios
 * check the outbox itself, not what a screen chose to show of it.
 */
export interface PhoneOutboxItem {
  id: string;
  kind: string;
  status: string;
  label: string;
  attempts: number;
  filesTotal: number;
  filesUploaded: number;
  result?: { applicationNumber: number; id: string };
  applicationId?: string;
}

/** Statuses the sync engine still has work for (client/src/offline/db.ts UNSENT_STATUSES). */
export const UNSENT = ['saved', 'sending', 'files-pending'];

export async function readOutbox(page: Page): Promise<PhoneOutboxItem[]> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it: look first.
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('portal')) return [];
    return new Promise<PhoneOutboxItem[]>((resolve, reject) => {
      const open = indexedDB.open('portal');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        // Let the app upgrade its schema while we hold the connection.
        db.onversionchange = () => db.close();
        if (!db.objectStoreNames.contains('outbox')) {
          db.close();
          resolve([]);
          return;
        }
        const all = db.transaction('outbox').objectStore('outbox').getAll();
        all.onerror = () => reject(all.error);
        all.onsuccess = () => {
          db.close();
          resolve(
            (all.result as PhoneOutboxItem[]).map((i) => ({
              id: i.id,
              kind: i.kind,
              status: i.status,
              label: i.label,
              attempts: i.attempts,
              filesTotal: i.filesTotal,
              filesUploaded: i.filesUploaded,
              result: i.result,
              applicationId: i.applicationId,
            })),
          );
        };
      };
    });
  });
}

/** One line per item, for failure messages. */
export function describeOutbox(items: PhoneOutboxItem[]): string {
  if (items.length === 0) return 'the outbox is empty';
  return items
    .map(
      (i) =>
        `${i.kind} ${i.id.slice(0, 8)} '${i.status}' (attempts ${i.attempts}, files ${i.filesUploaded}/${i.filesTotal}` +
        `${i.result ? `, number ${i.result.applicationNumber}` : ''})`,
    )
    .join('; ');
}
