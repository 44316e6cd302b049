import type { Database } from './database.js';

/**
 * A value the citizen pages' HTML is drawn with (the site settings, the home page with its slider
 * list), read from a database at most once a minute rather than on every page request
 * (docs/decisions/047-scripts-after-the-first-paint.md). Kept per database, so test apps on their
 * own databases in one process never share a value; and per key (the built page, the data folder),
 * so a value made from another key is never served. The owner's change (`forget`, after its
 * transaction commits) is seen at once; a change from elsewhere (another server process, a script)
 * within the minute. A failed read is not kept: the next request tries again.
 */
export const RECHECK_MS = 60_000;

export interface KeptPerDatabase<K, T> {
  get(db: Database, key: K): Promise<T>;
  forget(db: Database): void;
}

export function keptPerDatabase<K, T>(read: (db: Database, key: K) => Promise<T>): KeptPerDatabase<K, T> {
  const kept = new WeakMap<Database, { key: K; at: number; value: Promise<T> }>();
  return {
    get(db, key) {
      const hit = kept.get(db);
      if (hit && hit.key === key && Date.now() - hit.at < RECHECK_MS) return hit.value;
      const entry = { key, at: Date.now(), value: read(db, key) };
      kept.set(db, entry);
      entry.value.catch(() => kept.get(db) === entry && kept.delete(db));
      return entry.value;
    },
    forget(db) {
      kept.delete(db);
    },
  };
}
