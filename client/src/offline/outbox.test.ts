// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not.)
import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from './db';
import { newId } from './ids';
import { buildBackup, deleteItem, enqueue, enqueueOfficerAction, retryItem, sha256Hex } from './outbox';
import { drainOutbox, SERVER_ERROR_LIMIT, type SyncDeps } from './engine';
import { MAX_DELAY_MS } from './backoff';
import { file, sampleFields } from './test/fixtures';
import {
  applicationFiles,
  createOfficer,
  networkDown,
  sha256Of,
  signInOnDevice,
  signOutOnDevice,
  startRealApi,
  storedFiles,
  storedItems,
  type RealApi,
} from './test/real-api';
import { insertApplication } from '../../../server/src/modules/requests/request-fixtures';

/** The engine against the real API in-process (test/real-api.ts), one behaviour at a time. */
let api: RealApi;
let clock = 1_000_000;
const depsFor = (fetch: SyncDeps['fetch']): SyncDeps => ({ fetch, now: () => clock });

beforeAll(async () => {
  api = await startRealApi();
}, 120_000);
afterAll(() => api.close());

beforeEach(async () => {
  clock = 1_000_000;
  api.log.length = 0;
  api.device.cookies.clear();
  await Promise.all([db.outbox.clear(), db.outboxFiles.clear(), db.draftFiles.clear()]);
});

const posts = (path: string) => api.log.filter((r) => r.method === 'POST' && r.path === path);

describe("enqueue('New')", () => {
  it('keeps the item and its files together on the phone, with their SHA-256', async () => {
    const photo = file([1, 2, 3]);
    await enqueue('New', {
      clientId: newId(),
      fields: sampleFields(),
      files: [
        { slot: 'photo', file: photo },
        { slot: 'nid', file: file([4, 5], 'application/pdf', 'nid.pdf') },
      ],
    });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      kind: 'New',
      status: 'saved',
      label: 'রহিম উদ্দিন',
      filesTotal: 2,
      filesUploaded: 0,
    });
    const payload = item!.payload as { files: { slot: string; sha256: string; size: number; mime: string }[] };
    expect(payload.files).toEqual([
      { slot: 'photo', size: 3, sha256: sha256Of(new Uint8Array([1, 2, 3])), mime: 'image/jpeg', name: 'photo.jpg' },
      expect.objectContaining({ slot: 'nid', size: 2, mime: 'application/pdf' }),
    ]);
    const stored = await db.outboxFiles.where('itemId').equals(item!.id).toArray();
    expect(stored.map((f) => f.slot).sort()).toEqual(['nid', 'photo']);
    expect(new Uint8Array(await stored.find((f) => f.slot === 'photo')!.blob.arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3]),
    );
  });

  it('queues an application with its file hashes on a plain-http office LAN (no crypto.subtle)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) });
    try {
      const id = newId();
      await enqueue('New', {
        clientId: id,
        fields: sampleFields(),
        files: [{ slot: 'photo', file: file([7, 8]) }],
      });
      const payload = (await db.outbox.get(id))!.payload as { files: { sha256: string }[] };
      expect(payload.files[0]!.sha256).toBe(sha256Of(new Uint8Array([7, 8])));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leaves nothing behind when the files cannot be written (one transaction)', async () => {
    const refuse = () => {
      throw new Error('disk full');
    };
    db.outboxFiles.hook('creating', refuse);
    try {
      await expect(
        enqueue('New', {
          clientId: newId(),
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

  it('never writes over an item already queued under the same id, whatever its status', async () => {
    const id = newId();
    await enqueue('New', {
      clientId: id,
      fields: sampleFields('প্রথম'),
      files: [{ slot: 'photo', file: file([1]) }],
    });
    await db.outbox.update(id, { status: 'received', result: { applicationNumber: 41, id } });
    // The same id again (a draft restored after the browser was killed), with other answers.
    const again = await enqueue('New', {
      clientId: id,
      fields: sampleFields('দ্বিতীয়'),
      files: [{ slot: 'photo', file: file([2]) }],
    });
    const stored = await db.outbox.get(id);
    expect(stored).toMatchObject({ status: 'received', result: { applicationNumber: 41 }, label: 'প্রথম' });
    expect(again).toMatchObject({ status: 'received', label: 'প্রথম' });
    expect(await db.outbox.count()).toBe(1);
  });

  it("drops the form's draft files in the same transaction as the queued item", async () => {
    await db.draftFiles.put({ formId: 'new-application', slot: 'photo', blob: file([3]), name: 'photo.jpg' });
    await enqueue('New', {
      clientId: newId(),
      draftFormId: 'new-application',
      fields: sampleFields(),
      files: [{ slot: 'photo', file: file([3]) }],
    });
    expect(await db.draftFiles.count()).toBe(0);
  });
});

describe('drainOutbox against the real API', () => {
  it('sends the application and its files, stores the number, and frees the files on the phone', async () => {
    const id = newId();
    const files = applicationFiles(1);
    await enqueue('New', { clientId: id, fields: sampleFields(), files });
    const result = await drainOutbox(depsFor(api.fetch));
    expect(result).toEqual({ offline: false, remaining: 0, nextDueAt: null });
    const [row] = await storedItems(api, 'application', id);
    expect(row).toMatchObject({ intake_status: 'complete' });
    expect(await db.outbox.get(id)).toMatchObject({
      status: 'received',
      result: { applicationNumber: row!.number, id },
      filesUploaded: 6,
    });
    const expected = new Map(await Promise.all(files.map(async (f) => [f.slot, await sha256Hex(f.file)] as const)));
    expect(await storedFiles(api, 'application', id)).toEqual(expected);
    expect(await db.outboxFiles.count()).toBe(0);
  });

  it('still sends an application queued by the version before the one intake (kind "application")', async () => {
    const id = newId();
    const files = applicationFiles(6);
    await enqueue('New', { clientId: id, fields: sampleFields('পুরোনো সারি'), files });
    // As the old version stored it: kind 'application', and the payload named its kind.
    await db.outbox.update(id, (item) => {
      item.kind = 'application';
      item.payload = { ...(item.payload as object), kind: 'New' };
    });
    await drainOutbox(depsFor(api.fetch));
    const rows = await storedItems(api, 'application', id);
    expect(rows).toEqual([expect.objectContaining({ intake_status: 'complete' })]);
    expect(await db.outbox.get(id)).toMatchObject({
      status: 'received',
      result: { applicationNumber: rows[0]!.number },
    });
    expect(posts('/api/intake/new')).toHaveLength(1);
  });

  it('gets the same number, and one application, when the first answer was lost', async () => {
    let dropAnswer = true;
    const fetch: SyncDeps['fetch'] = async (path, init) => {
      const res = await api.fetch(path, init);
      if (path === '/api/intake/new' && dropAnswer) {
        dropAnswer = false;
        networkDown();
      }
      return res;
    };
    const id = newId();
    await enqueue('New', { clientId: id, fields: sampleFields(), files: applicationFiles(2) });
    const first = await drainOutbox(depsFor(fetch));
    expect(first.offline).toBe(true);
    expect(await db.outbox.get(id)).toMatchObject({ status: 'saved', lastError: { code: 'NETWORK' } });

    clock += 60_000;
    await drainOutbox(depsFor(fetch));
    const rows = await storedItems(api, 'application', id);
    expect(rows).toHaveLength(1);
    expect(await db.outbox.get(id)).toMatchObject({
      status: 'received',
      result: { applicationNumber: rows[0]!.number },
    });
    expect(posts('/api/intake/new')).toHaveLength(2);
  });

  it('marks a conflicting repeat as failed with the Bangla reason, and goes on with the queue', async () => {
    const clash = newId();
    // The server already holds this id with other content.
    await enqueue('New', { clientId: clash, fields: sampleFields('অন্য কেউ'), files: applicationFiles(3) });
    const earlier = (await db.outbox.get(clash))!.payload;
    await api.ctx.request('/api/intake/new', { method: 'POST', json: earlier });
    await db.outbox.clear();
    await db.outboxFiles.clear();

    await enqueue('New', { clientId: clash, fields: sampleFields('প্রথম'), files: applicationFiles(4) });
    clock += 1;
    const next = newId();
    await enqueue('New', { clientId: next, fields: sampleFields('দ্বিতীয়'), files: applicationFiles(5) });

    const result = await drainOutbox(depsFor(api.fetch));
    const failed = await db.outbox.get(clash);
    expect(failed?.status).toBe('failed');
    expect(failed?.lastError).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(failed?.lastError?.messageBn).toContain('আগে অন্য তথ্যসহ জমা হয়েছে');
    expect((await db.outbox.get(next))?.status).toBe('received');
    expect(result.remaining).toBe(0);

    // A failed item is never retried blindly: another drain sends nothing for it.
    const before = api.log.length;
    clock += 600_000;
    await drainOutbox(depsFor(api.fetch));
    expect(api.log.length).toBe(before);
  });

  it('resumes the uploads from the first file that did not arrive', async () => {
    let puts = 0;
    let cutAtPut = 2;
    const fetch: SyncDeps['fetch'] = (path, init) => {
      if (init?.method === 'PUT' && ++puts === cutAtPut) networkDown();
      return api.fetch(path, init);
    };
    const id = newId();
    const files = applicationFiles(6);
    await enqueue('New', { clientId: id, fields: sampleFields(), files });

    await drainOutbox(depsFor(fetch));
    const [row] = await storedItems(api, 'application', id);
    expect(await db.outbox.get(id)).toMatchObject({
      status: 'files-pending',
      filesUploaded: 1,
      result: { applicationNumber: row!.number },
    });
    expect((await db.outboxFiles.get([id, files[0]!.slot]))?.uploaded).toBe(true);
    expect((await db.outboxFiles.get([id, files[1]!.slot]))?.uploaded).toBe(false);

    cutAtPut = -1;
    api.log.length = 0;
    clock += 60_000;
    await drainOutbox(depsFor(fetch));
    expect(api.log.filter((r) => r.method === 'PUT').map((r) => r.path.split('/').pop())).toEqual(
      files.slice(1).map((f) => f.slot),
    );
    expect((await db.outbox.get(id))?.status).toBe('received');
  });

  it('waits and tries again after a server error, without giving up the item', async () => {
    let broken = true;
    const fetch: SyncDeps['fetch'] = (path, init) =>
      broken && path === '/api/intake/new'
        ? Promise.resolve(new Response('oops', { status: 503 }))
        : api.fetch(path, init);
    const id = newId();
    await enqueue('New', { clientId: id, fields: sampleFields(), files: applicationFiles(7) });
    const first = await drainOutbox(depsFor(fetch));
    expect(await db.outbox.get(id)).toMatchObject({ status: 'saved', attempts: 1 });
    expect(first.nextDueAt).toBe(clock + 1_000);

    // Not due yet: a timer drain leaves it alone.
    await drainOutbox(depsFor(fetch));
    expect((await db.outbox.get(id))?.attempts).toBe(1);

    broken = false;
    clock += 1_000;
    await drainOutbox(depsFor(fetch));
    expect((await db.outbox.get(id))?.status).toBe('received');
  });

  it('stops after repeated server errors and waits for the person, with the reason; "try again" starts afresh', async () => {
    let broken = true;
    let sent = 0;
    const fetch: SyncDeps['fetch'] = (path, init) => {
      if (path === '/api/intake/new') sent += 1;
      return broken && path === '/api/intake/new'
        ? Promise.resolve(Response.json({ error: { code: 'INTERNAL', message: 'সার্ভারে সমস্যা' } }, { status: 500 }))
        : api.fetch(path, init);
    };
    const id = newId();
    await enqueue('New', { clientId: id, fields: sampleFields(), files: applicationFiles(1) });
    for (let n = 1; n < SERVER_ERROR_LIMIT; n++) {
      await drainOutbox(depsFor(fetch));
      expect((await db.outbox.get(id))?.status).toBe('saved');
      clock += MAX_DELAY_MS;
    }
    await drainOutbox(depsFor(fetch));
    expect(await db.outbox.get(id)).toMatchObject({
      status: 'failed',
      lastError: { code: 'INTERNAL', messageBn: 'সার্ভারে সমস্যা' },
    });
    // Stopped: no further request, however long the phone waits.
    expect(sent).toBe(SERVER_ERROR_LIMIT);
    clock += 24 * 60 * 60_000;
    await drainOutbox(depsFor(fetch));
    expect(sent).toBe(SERVER_ERROR_LIMIT);

    broken = false;
    await retryItem(id);
    expect((await db.outbox.get(id))?.serverErrors).toBeUndefined();
    await drainOutbox(depsFor(fetch));
    expect((await db.outbox.get(id))?.status).toBe('received');
  });

  it('stops at once on a refusal (4xx) that a repeat would get again', async () => {
    const fetch: SyncDeps['fetch'] = (path, init) =>
      path === '/api/intake/new'
        ? Promise.resolve(Response.json({ error: { code: 'VALIDATION', message: 'তথ্য ঠিক নেই' } }, { status: 400 }))
        : api.fetch(path, init);
    const id = newId();
    await enqueue('New', { clientId: id, fields: sampleFields(), files: applicationFiles(1) });
    await drainOutbox(depsFor(fetch));
    expect(await db.outbox.get(id)).toMatchObject({ status: 'failed', attempts: 0 });
  });

  it('does not send anything when the ping finds no server', async () => {
    const id = newId();
    await enqueue('New', { clientId: id, fields: sampleFields(), files: [] });
    const result = await drainOutbox(depsFor(networkDown));
    expect(result).toMatchObject({ offline: true, remaining: 1 });
    expect(await db.outbox.get(id)).toMatchObject({ status: 'saved', attempts: 0 });
  });
});

describe("officers' decisions on a shared device", () => {
  const auditOf = (id: string) =>
    api.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('application_id', '=', id)
      .orderBy('id')
      .execute();
  const forward = (applicationId: string, version: number, officer: { id: number; email: string }) =>
    enqueueOfficerAction({
      applicationId,
      request: { action: 'forward', version, clientActionId: newId(), payload: {} },
      label: 'আবেদন অগ্রায়ন',
      officer,
    });

  it("marks an officer's stale decision as a conflict with the server's state, and sends the next one", async () => {
    const chairman = await createOfficer(api, 'Chairman');
    await signInOnDevice(api, chairman);
    const a = await insertApplication(api.ctx);
    const b = await insertApplication(api.ctx);
    await api.ctx.db.updateTable('applications').set({ version: 3 }).where('id', '=', a.id).execute();
    const stale = await forward(a.id, 2, chairman);
    clock += 1;
    const fresh = await forward(b.id, 1, chairman);
    await drainOutbox(depsFor(api.fetch));
    expect(await db.outbox.get(stale.id)).toMatchObject({
      status: 'conflict',
      current: { id: a.id, version: 3, stage: 'StepOne' },
      lastError: { code: 'STALE_STATE' },
    });
    expect((await db.outbox.get(fresh.id))?.status).toBe('received');
    expect(await auditOf(b.id)).toEqual([{ action: 'forward', actor_user_id: chairman.id }]);
  });

  it("holds officer A's decision while B is signed in, sends B's own, and sends A's under A once A signs in", async () => {
    const [officerA, officerB] = [await createOfficer(api, 'Chairman'), await createOfficer(api, 'Chairman')];
    const appA = await insertApplication(api.ctx);
    const appB = await insertApplication(api.ctx);
    // A decides offline, then A's session ends and B signs in on the same device.
    const queuedByA = await forward(appA.id, 1, officerA);
    clock += 1;
    await signInOnDevice(api, officerB);
    const queuedByB = await forward(appB.id, 1, officerB);

    const result = await drainOutbox(depsFor(api.fetch));
    expect(await db.outbox.get(queuedByA.id)).toMatchObject({
      status: 'saved',
      officer: { id: officerA.id, email: officerA.email },
      lastError: { code: 'OFFICER_SIGNED_OUT' },
    });
    expect((await db.outbox.get(queuedByA.id))!.lastError!.messageBn).toContain(officerA.email);
    expect(posts(`/api/staff/applications/${appA.id}/actions`)).toHaveLength(0);
    expect(await auditOf(appA.id)).toEqual([]);
    // A held decision blocks nothing: B's went through, in B's name.
    expect((await db.outbox.get(queuedByB.id))?.status).toBe('received');
    expect(await auditOf(appB.id)).toEqual([{ action: 'forward', actor_user_id: officerB.id }]);
    expect(result.remaining).toBe(1);

    // Nobody signed in: still held.
    await signOutOnDevice(api);
    clock += 600_000;
    await drainOutbox(depsFor(api.fetch));
    expect((await db.outbox.get(queuedByA.id))?.status).toBe('saved');

    await signInOnDevice(api, officerA);
    await drainOutbox(depsFor(api.fetch), { ignoreBackoff: true });
    expect((await db.outbox.get(queuedByA.id))?.status).toBe('received');
    expect(await auditOf(appA.id)).toEqual([{ action: 'forward', actor_user_id: officerA.id }]);
  });

  it('keeps a decision waiting, not failed, while its officer must first change a one-time password', async () => {
    const officer = await createOfficer(api, 'Chairman');
    const app = await insertApplication(api.ctx);
    const queued = await forward(app.id, 1, officer);
    await signInOnDevice(api, officer);
    // The Admin reset the password meanwhile: the server lets this session change it and nothing else.
    await api.ctx.db
      .updateTable('staff_users')
      .set({ must_change_password: true })
      .where('id', '=', officer.id)
      .execute();
    await drainOutbox(depsFor(api.fetch));
    expect(await db.outbox.get(queued.id)).toMatchObject({
      status: 'saved',
      lastError: { code: 'PASSWORD_CHANGE_REQUIRED' },
    });
    expect(await auditOf(app.id)).toEqual([]);

    await api.ctx.db
      .updateTable('staff_users')
      .set({ must_change_password: false })
      .where('id', '=', officer.id)
      .execute();
    await drainOutbox(depsFor(api.fetch), { ignoreBackoff: true });
    expect((await db.outbox.get(queued.id))?.status).toBe('received');
    expect(await auditOf(app.id)).toEqual([{ action: 'forward', actor_user_id: officer.id }]);
  });

  it("names the decision's officer in the request, so the server refuses it under another session", async () => {
    const [officerA, officerB] = [await createOfficer(api, 'Chairman'), await createOfficer(api, 'Chairman')];
    const app = await insertApplication(api.ctx);
    const queued = await forward(app.id, 1, officerA);
    expect(queued.payload).toMatchObject({ officerId: officerA.id });
    // The session changes between the engine's question and its request.
    await signInOnDevice(api, officerA);
    const fetch: SyncDeps['fetch'] = async (path, init) => {
      if (path.endsWith('/actions')) await signInOnDevice(api, officerB);
      return api.fetch(path, init);
    };
    await drainOutbox(depsFor(fetch));
    expect(await db.outbox.get(queued.id)).toMatchObject({
      status: 'saved',
      lastError: { code: 'OFFICER_SIGNED_OUT' },
    });
    expect(await auditOf(app.id)).toEqual([]);
  });
});

describe('retry, delete and backup', () => {
  it('a retried failed item goes back to the queue; a deleted one takes its files along', async () => {
    const a = newId();
    await enqueue('New', { clientId: a, fields: sampleFields(), files: [{ slot: 'photo', file: file([5, 6]) }] });
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
