import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './database.js';
import { keptPerDatabase, RECHECK_MS } from './kept-per-database.js';

afterEach(() => vi.useRealTimers());

/** A value that says how many times it was read, so the test sees when the database is asked again. */
function counted() {
  let reads = 0;
  return keptPerDatabase(async (_db: Database, key: string) => `${key}#${++reads}`);
}
const dbA = {} as Database;
const dbB = {} as Database;

describe('a value kept for the pages, per database', () => {
  it('is read once a minute, not on every page request; an outside change shows within the minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const kept = counted();
    expect(await kept.get(dbA, 'page')).toBe('page#1');
    vi.advanceTimersByTime(RECHECK_MS - 1);
    expect(await kept.get(dbA, 'page')).toBe('page#1');
    vi.advanceTimersByTime(1);
    expect(await kept.get(dbA, 'page')).toBe('page#2');
  });

  it("is read again at once after the owner's change, and for another key", async () => {
    const kept = counted();
    expect(await kept.get(dbA, 'page')).toBe('page#1');
    kept.forget(dbA);
    expect(await kept.get(dbA, 'page')).toBe('page#2');
    expect(await kept.get(dbA, 'new build')).toBe('new build#3');
  });

  it('keeps two databases apart', async () => {
    const kept = counted();
    expect(await kept.get(dbA, 'page')).toBe('page#1');
    expect(await kept.get(dbB, 'page')).toBe('page#2');
    kept.forget(dbB);
    expect(await kept.get(dbA, 'page')).toBe('page#1');
  });

  it('does not keep a failed read: the next request asks the database again', async () => {
    let fail = true;
    const kept = keptPerDatabase(async () => {
      if (fail) throw new Error('database down');
      return 'settings';
    });
    await expect(kept.get(dbA, 'k')).rejects.toThrow('database down');
    fail = false;
    expect(await kept.get(dbA, 'k')).toBe('settings');
  });
});
