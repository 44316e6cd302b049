// @vitest-environment node
// (The real API runs in this process: under jsdom its byte checks would meet jsdom's Uint8Array.)
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from './db';
import { newId } from './ids';
import { enqueue } from './outbox';
import { startOutboxSync, syncNow } from './sync';
import { applicationFiles, startRealApi, type RealApi } from './test/real-api';
import { sampleFields } from './test/fixtures';

/**
 * The scheduler around the engine, against the real API in-process, in a page reduced to what
 * sync.ts uses: window and document events and localStorage (no navigator.locks, so the
 * localStorage lease is what keeps a second tab from draining).
 */
let api: RealApi;
let online = true;

const store = new Map<string, string>();
const localStorageStub = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: (i: number) => [...store.keys()][i] ?? null,
  get length() {
    return store.size;
  },
} as Storage;

beforeAll(async () => {
  api = await startRealApi();
  // After the database is up: PGlite takes a global `window` for a browser.
  vi.stubGlobal('localStorage', localStorageStub);
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
}, 120_000);
afterAll(() => api.close());

beforeEach(async () => {
  online = true;
  api.log.length = 0;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    return api.fetch(input, init);
  });
  // A drain a test started (its online event, its backoff timer) may still be looking at the queue:
  // let it finish before the next test queues, or it would take that test's item.
  await syncNow();
  localStorage.clear();
  await db.outbox.clear();
  await db.outboxFiles.clear();
});

const statusOf = async (id: string) => (await db.outbox.get(id))?.status;

const queue = async () => {
  const id = newId();
  await enqueue('New', { clientId: id, fields: sampleFields(), files: applicationFiles(1) });
  return id;
};

describe('syncNow and startOutboxSync', () => {
  it('sends what IndexedDB holds after the browser was killed, though localStorage lost its last writes', async () => {
    const id = await queue();
    // Killed seconds after "send": IndexedDB kept the item, localStorage lost what was written last.
    localStorage.clear();
    // The browser is opened again: a fresh page whose sync module has loaded neither engine nor Dexie.
    vi.resetModules();
    const reopened = await import('./sync');
    await reopened.syncNow();
    expect(await statusOf(id)).toBe('received');
    expect(api.log.filter((r) => r.path === '/api/intake/new')).toHaveLength(1);
  });

  it('sends what was queued while offline as soon as the connection returns', async () => {
    startOutboxSync();
    online = false;
    const id = await queue();
    await syncNow();
    expect(await statusOf(id)).toBe('saved');

    online = true;
    window.dispatchEvent(new Event('online'));
    // Sooner than the 1 s backoff timer: it is the online event that sends it.
    await vi.waitFor(() => expect(api.log.map((r) => r.path)).toContain('/api/intake/new'), { timeout: 500 });
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('received'), { timeout: 10_000 });
    expect(api.log.filter((r) => r.path === '/api/intake/new')).toHaveLength(1);
  });

  it('leaves the queue to the tab that holds the drain lease', async () => {
    localStorage.setItem('portal-outbox-lease', `other-tab:${Date.now() + 60_000}`);
    const id = await queue();
    await syncNow();
    expect(await statusOf(id)).toBe('saved');
    expect(api.log).toHaveLength(0);

    localStorage.removeItem('portal-outbox-lease');
    await syncNow();
    expect(await statusOf(id)).toBe('received');
    expect(localStorage.getItem('portal-outbox-lease')).toBeNull();
  });
});
