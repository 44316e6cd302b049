import { useLiveQuery } from 'dexie-react-hooks';
import { db, UNSENT_STATUSES, type OutboxItem } from './db';

/** The queue, newest first; re-renders whenever IndexedDB changes (also from the sync engine or another tab). */
export function useOutboxItems(kind?: OutboxItem['kind']): OutboxItem[] | undefined {
  return useLiveQuery(async () => {
    const items = await db.outbox.orderBy('createdAt').reverse().toArray();
    return kind ? items.filter((i) => i.kind === kind) : items;
  }, [kind]);
}

/** How many items are not yet on the server (header indicator). */
export function useUnsentCount(): number {
  return useLiveQuery(
    () =>
      db.outbox
        .where('status')
        .anyOf([...UNSENT_STATUSES])
        .count(),
    [],
    0,
  );
}
