import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from './db';
import { enqueueApplication } from './outbox';
import { startOutboxSync, syncNow } from './sync';
import { FakeServer } from './test/fake-server';
import { sampleFields } from './test/fixtures';

/**
 * The scheduler around the engine, in a browser-like page (jsdom has no navigator.locks, so the
 * localStorage lease is what keeps a second tab from draining). Items carry no files here:
 * jsdom's Blob does not survive fake-indexeddb (the engine's file handling is in outbox.test.ts).
 */
let server: FakeServer;
let online = true;

beforeEach(async () => {
  server = new FakeServer();
  online = true;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (!online) throw new TypeError('Failed to fetch');
    return server.handle(input, init);
  });
  localStorage.clear();
  await db.outbox.clear();
  await db.outboxFiles.clear();
});

const statusOf = async (id: string) => (await db.outbox.get(id))?.status;

describe('syncNow and startOutboxSync', () => {
  it('sends what was queued while offline as soon as the connection returns', async () => {
    startOutboxSync();
    online = false;
    const id = crypto.randomUUID();
    await enqueueApplication({ clientId: id, fields: sampleFields(), files: [] });
    await syncNow();
    expect(await statusOf(id)).toBe('saved');

    online = true;
    window.dispatchEvent(new Event('online'));
    // Sooner than the 1 s backoff timer: it is the online event that sends it.
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('received'), { timeout: 500 });
    expect(server.applications.size).toBe(1);
  });

  it('leaves the queue to the tab that holds the drain lease', async () => {
    localStorage.setItem('portal-outbox-lease', `other-tab:${Date.now() + 60_000}`);
    const id = crypto.randomUUID();
    await db.outbox.put({
      id,
      kind: 'application',
      createdAt: Date.now(),
      status: 'saved',
      attempts: 0,
      nextAttemptAt: 0,
      payload: { clientId: id, kind: 'New', fields: sampleFields(), files: [] },
      label: 'x',
      filesTotal: 0,
      filesUploaded: 0,
    });
    await syncNow();
    expect(await statusOf(id)).toBe('saved');
    expect(server.log).toHaveLength(0);

    localStorage.removeItem('portal-outbox-lease');
    await syncNow();
    expect(await statusOf(id)).toBe('received');
    expect(localStorage.getItem('portal-outbox-lease')).toBeNull();
  });
});
