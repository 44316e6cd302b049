// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not.)
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationDocSlot } from '@portal/shared';
import { db } from './db';
import { buildBackup, deleteItem, enqueueApplication, enqueueOfficerAction, retryItem, sha256Hex } from './outbox';
import { drainOutbox, type SyncDeps } from './engine';
import { FakeServer, networkDown } from './test/fake-server';
import { file, sampleFields } from './test/fixtures';

let clock = 1_000_000;
const depsFor = (fetch: SyncDeps['fetch']): SyncDeps => ({ fetch, now: () => clock });

beforeEach(async () => {
  clock = 1_000_000;
  await db.outbox.clear();
  await db.outboxFiles.clear();
});

describe('enqueueApplication', () => {
  it('keeps the item and its files together on the phone, with their SHA-256', async () => {
    const photo = file([1, 2, 3]);
    await enqueueApplication({
      clientId: crypto.randomUUID(),
      fields: sampleFields(),
      files: [
        { slot: 'photo', file: photo },
        { slot: 'nid', file: file([4, 5], 'application/pdf', 'nid.pdf') },
      ],
    });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      kind: 'application',
      status: 'saved',
      label: 'রহিম উদ্দিন',
      filesTotal: 2,
      filesUploaded: 0,
    });
    const payload = item!.payload as { files: { slot: string; sha256: string; size: number; mime: string }[] };
    expect(payload.files).toEqual([
      { slot: 'photo', size: 3, sha256: await sha256Hex(photo), mime: 'image/jpeg', name: 'photo.jpg' },
      expect.objectContaining({ slot: 'nid', size: 2, mime: 'application/pdf' }),
    ]);
    const stored = await db.outboxFiles.where('itemId').equals(item!.id).toArray();
    expect(stored.map((f) => f.slot).sort()).toEqual(['nid', 'photo']);
    expect(new Uint8Array(await stored.find((f) => f.slot === 'photo')!.blob.arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3]),
    );
  });

  it('leaves nothing behind when the files cannot be written (one transaction)', async () => {
    const refuse = () => {
      throw new Error('disk full');
    };
    db.outboxFiles.hook('creating', refuse);
    try {
      await expect(
        enqueueApplication({
          clientId: crypto.randomUUID(),
          fields: sampleFields(),
          files: [{ slot: 'photo', file: file([1]) }],
        }),
      ).rejects.toThrow();
    } finally {
      db.outboxFiles.hook('creating').unsubscribe(refuse);
    }
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxFiles.count()).toBe(0);
  });
});

describe('drainOutbox', () => {
  it('sends the application and its files, stores the number, and frees the files on the phone', async () => {
    const server = new FakeServer();
    const id = crypto.randomUUID();
    const photo = file([9, 9, 9]);
    await enqueueApplication({ clientId: id, fields: sampleFields(), files: [{ slot: 'photo', file: photo }] });
    const result = await drainOutbox(depsFor(server.handle));
    expect(result).toEqual({ offline: false, remaining: 0, nextDueAt: null });
    const item = await db.outbox.get(id);
    expect(item).toMatchObject({ status: 'received', result: { applicationNumber: 1, id }, filesUploaded: 1 });
    expect(server.applications.get(id)?.files.get('photo')).toBe(await sha256Hex(photo));
    expect(await db.outboxFiles.count()).toBe(0);
  });

  it('gets the same number, and one application, when the first answer was lost', async () => {
    const server = new FakeServer();
    let dropAnswer = true;
    const fetch: SyncDeps['fetch'] = async (path, init) => {
      const res = await server.handle(path, init);
      if (path === '/api/applications' && dropAnswer) {
        dropAnswer = false;
        networkDown();
      }
      return res;
    };
    const id = crypto.randomUUID();
    await enqueueApplication({ clientId: id, fields: sampleFields(), files: [] });
    const first = await drainOutbox(depsFor(fetch));
    expect(first.offline).toBe(true);
    expect((await db.outbox.get(id))?.status).toBe('saved');
    expect((await db.outbox.get(id))?.lastError?.code).toBe('NETWORK');

    clock += 60_000;
    await drainOutbox(depsFor(fetch));
    expect(server.applications.size).toBe(1);
    expect(await db.outbox.get(id)).toMatchObject({ status: 'received', result: { applicationNumber: 1 } });
    expect(server.log.filter((r) => r.path === '/api/applications')).toHaveLength(2);
  });

  it('marks a conflicting repeat as failed with the Bangla reason, and goes on with the queue', async () => {
    const server = new FakeServer();
    const clash = crypto.randomUUID();
    // The server already holds this id with other content.
    await server.handle('/api/applications', {
      method: 'POST',
      body: JSON.stringify({ clientId: clash, files: [], other: 1 }),
    });
    await enqueueApplication({ clientId: clash, fields: sampleFields('প্রথম'), files: [] });
    clock += 1;
    const next = crypto.randomUUID();
    await enqueueApplication({
      clientId: next,
      fields: sampleFields('দ্বিতীয়'),
      files: [{ slot: 'photo', file: file([7]) }],
    });

    const result = await drainOutbox(depsFor(server.handle));
    const failed = await db.outbox.get(clash);
    expect(failed?.status).toBe('failed');
    expect(failed?.lastError).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(failed?.lastError?.messageBn).toContain('আগে অন্য তথ্যসহ জমা হয়েছে');
    expect((await db.outbox.get(next))?.status).toBe('received');
    expect(result.remaining).toBe(0);

    // A failed item is never retried blindly: another drain sends nothing for it.
    const before = server.log.length;
    clock += 600_000;
    await drainOutbox(depsFor(server.handle));
    expect(server.log.length).toBe(before);
  });

  it('resumes the uploads from the first file that did not arrive', async () => {
    const server = new FakeServer();
    let cutAtPut = 2;
    let puts = 0;
    const fetch: SyncDeps['fetch'] = (path, init) => {
      if (init?.method === 'PUT' && ++puts === cutAtPut) networkDown();
      return server.handle(path, init);
    };
    const id = crypto.randomUUID();
    const slots: ApplicationDocSlot[] = ['photo', 'signature', 'nid'];
    await enqueueApplication({
      clientId: id,
      fields: sampleFields(),
      files: slots.map((slot, i) => ({ slot, file: file([i + 1, 42]) })),
    });

    await drainOutbox(depsFor(fetch));
    const half = await db.outbox.get(id);
    expect(half).toMatchObject({ status: 'files-pending', filesUploaded: 1, result: { applicationNumber: 1 } });
    expect((await db.outboxFiles.get([id, 'photo']))?.uploaded).toBe(true);
    expect((await db.outboxFiles.get([id, 'signature']))?.uploaded).toBe(false);

    cutAtPut = -1;
    server.log = [];
    clock += 60_000;
    await drainOutbox(depsFor(fetch));
    expect(server.log.filter((r) => r.method === 'PUT').map((r) => r.path.split('/').pop())).toEqual([
      'signature',
      'nid',
    ]);
    expect((await db.outbox.get(id))?.status).toBe('received');
  });

  it('waits and tries again after a server error, without giving up the item', async () => {
    const server = new FakeServer();
    let broken = true;
    const fetch: SyncDeps['fetch'] = (path, init) =>
      broken && path === '/api/applications'
        ? Promise.resolve(new Response('oops', { status: 503 }))
        : server.handle(path, init);
    const id = crypto.randomUUID();
    await enqueueApplication({ clientId: id, fields: sampleFields(), files: [] });
    const first = await drainOutbox(depsFor(fetch));
    const waiting = await db.outbox.get(id);
    expect(waiting).toMatchObject({ status: 'saved', attempts: 1 });
    expect(first.nextDueAt).toBe(clock + 1_000);

    // Not due yet: a timer drain leaves it alone.
    await drainOutbox(depsFor(fetch));
    expect((await db.outbox.get(id))?.attempts).toBe(1);

    broken = false;
    clock += 1_000;
    await drainOutbox(depsFor(fetch));
    expect((await db.outbox.get(id))?.status).toBe('received');
  });

  it("marks an officer's stale decision as a conflict with the server's state, and sends the next one", async () => {
    const server = new FakeServer();
    const appA = crypto.randomUUID();
    const appB = crypto.randomUUID();
    server.versions.set(appA, 3);
    const stale = await enqueueOfficerAction({
      applicationId: appA,
      request: { action: 'forward', version: 2, clientActionId: crypto.randomUUID(), payload: {} },
      label: 'আবেদন ১২ অগ্রায়ন',
    });
    clock += 1;
    const fresh = await enqueueOfficerAction({
      applicationId: appB,
      request: { action: 'forward', version: 1, clientActionId: crypto.randomUUID(), payload: {} },
      label: 'আবেদন ১৩ অগ্রায়ন',
    });
    await drainOutbox(depsFor(server.handle));
    expect(await db.outbox.get(stale.id)).toMatchObject({
      status: 'conflict',
      current: { version: 3, stage: 'StepTwo' },
      lastError: { code: 'STALE_STATE' },
    });
    expect((await db.outbox.get(fresh.id))?.status).toBe('received');
    expect(server.versions.get(appB)).toBe(2);
  });

  it('does not send anything when the ping finds no server', async () => {
    const id = crypto.randomUUID();
    await enqueueApplication({ clientId: id, fields: sampleFields(), files: [] });
    const result = await drainOutbox(depsFor(networkDown));
    expect(result).toMatchObject({ offline: true, remaining: 1 });
    expect(await db.outbox.get(id)).toMatchObject({ status: 'saved', attempts: 0 });
  });
});

describe('retry, delete and backup', () => {
  it('a retried failed item goes back to the queue; a deleted one takes its files along', async () => {
    const a = crypto.randomUUID();
    await enqueueApplication({ clientId: a, fields: sampleFields(), files: [{ slot: 'photo', file: file([5, 6]) }] });
    await db.outbox.update(a, { status: 'failed', attempts: 4, lastError: { code: 'VALIDATION', messageBn: 'x' } });
    await retryItem(a);
    expect(await db.outbox.get(a)).toMatchObject({ status: 'saved', attempts: 0, nextAttemptAt: 0 });
    expect((await db.outbox.get(a))?.lastError).toBeUndefined();

    const backup = await buildBackup();
    expect(backup.items).toHaveLength(1);
    expect(backup.items[0]!.files[0]).toMatchObject({ slot: 'photo', base64: 'BQY=' });

    await deleteItem(a);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxFiles.count()).toBe(0);
  });
});
