import type { Database } from './database.js';
import { placeOf } from './office-scope.js';

/**
 * A value the citizen pages' HTML is drawn with (the site settings, the home page with its slider
 * list), read from a database at most once a minute rather than on every page request
 * (docs/decisions/047-scripts-after-the-first-paint.md). Kept per database and office (db/office-scope.ts
 * placeOf), so test apps on their own databases in one process, or two offices, never share a value; and per key (the built page, the data folder),
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
  const kept = new WeakMap<object, { key: K; at: number; value: Promise<T> }>();
  return {
    get(db, key) {
      const place = placeOf(db);
      const hit = kept.get(place);
      if (hit && hit.key === key && Date.now() - hit.at < RECHECK_MS) return hit.value;
      const entry = { key, at: Date.now(), value: read(db, key) };
      kept.set(place, entry);
      entry.value.catch(() => kept.get(place) === entry && kept.delete(place));
      return entry.value;
    },
    forget(db) {
      kept.delete(placeOf(db));
    },
  };
}
