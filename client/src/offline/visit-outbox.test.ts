// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone, and the real API runs in this process.)
import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { newId } from './ids';
import { deleteItem, enqueueOfficerAction, enqueueVisit } from './outbox';
import { drainOutbox, type SyncDeps } from './engine';
import {
  createOfficer,
  networkDown,
  sha256Of,
  signInOnDevice,
  startRealApi,
  type Officer,
  type RealApi,
} from './test/real-api';
import { jpegBytes } from '../../../server/src/modules/applications/intake-fixtures';
import { checklist, insertApplication } from '../../../server/src/modules/requests/request-fixtures';

/**
 * The inspector's site visit through the outbox (docs/decisions/032-visit-on-the-phone.md), against
 * the real API in-process: queued offline with its photos, sent once back in signal under its own
 * officer, before the decision queued after it, which is then applied once.
 */
let api: RealApi;
let badc: Officer;
let otherBadc: Officer;
let clock = 1_000_000;
const depsFor = (fetch: SyncDeps['fetch']): SyncDeps => ({ fetch, now: () => clock });

beforeAll(async () => {
  api = await startRealApi();
  [badc, otherBadc] = [await createOfficer(api, 'BADC'), await createOfficer(api, 'BADC')];
}, 120_000);
afterAll(() => api.close());

beforeEach(async () => {
  clock = 1_000_000;
  api.log.length = 0;
  api.device.cookies.clear();
  await Promise.all([db.outbox.clear(), db.outboxFiles.clear(), db.draftFiles.clear()]);
});

/** An application on BADC's list, as the Chairman and the UNO forwarded it. */
const atBadc = () => insertApplication(api.ctx, { stage: 'StepThree', seen: { chairman: true, uno: true } });
const ago = (minutes: number) => new Date(api.ctx.clock.now.getTime() - minutes * 60_000).toISOString();
const jpeg = (bytes: Uint8Array) => new NodeBlob([bytes], { type: 'image/jpeg' }) as unknown as Blob;

/** The inspect screen's submit: the visit with the checklist, then the decision, in that order. */
async function visitThenInspect(app: { id: string }, officer: Officer, photos: Uint8Array[], version = 1) {
  const answers = checklist({ 3: 'দাগ নম্বর মেলেনি' });
  const visit = await enqueueVisit({
    applicationId: app.id,
    label: 'মাঠ পরিদর্শন',
    officer,
    visit: {
      clientVisitId: newId(),
      visitedAt: ago(90),
      position: { latitude: 24.71234, longitude: 88.23456, accuracyM: 12 },
      checklist: answers,
      notes: 'পাম্প ঘর দেখা হয়েছে',
      decision: 'inspect',
    },
    photos: photos.map((bytes, i) => ({
      blob: jpeg(bytes),
      takenAt: ago(80 - i),
      latitude: 24.7123 + i / 10_000,
      longitude: 88.2345,
    })),
  });
  const decision = await enqueueOfficerAction({
    applicationId: app.id,
    request: { action: 'inspect', version, clientActionId: newId(), payload: { checklist: answers } },
    label: 'পরিদর্শন',
    officer,
  });
  return { visit, decision };
}

const visitsOn = (applicationId: string) =>
  api.ctx.db
    .selectFrom('field_visits')
    .select(['id', 'officer_id', 'status', 'decision', 'accuracy_m'])
    .where('application_id', '=', applicationId)
    .execute();
/** Photo index → SHA-256 of the bytes the server keeps. */
async function storedPhotos(visitId: string) {
  const rows = await api.ctx.db
    .selectFrom('field_visit_photos')
    .innerJoin('blobs', 'blobs.id', 'field_visit_photos.blob_id')
    .select(['field_visit_photos.photo_index', 'blobs.bytes'])
    .where('field_visit_photos.visit_id', '=', visitId)
    .orderBy('field_visit_photos.photo_index')
    .execute();
  return rows.map((r) => [r.photo_index, sha256Of(r.bytes)]);
}
const auditOf = (applicationId: string) =>
  api.ctx.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
/** The requests that reached the server, as "METHOD path" without the ids. */
const wire = () =>
  api.log
    .filter((r) => !r.path.startsWith('/api/public') && !r.path.startsWith('/api/auth'))
    .map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id')}`);

describe('a site visit queued on the phone', () => {
  it('is sent once the network returns: one complete visit with both photos byte-identical, then the decision once', async () => {
    await signInOnDevice(api, badc);
    const app = await atBadc();
    const photos = [jpegBytes(101), jpegBytes(102)];
    const { visit, decision } = await visitThenInspect(app, badc, photos);
    expect(await db.outboxFiles.where('itemId').equals(visit.id).count()).toBe(2);

    // No connection: nothing leaves the phone, nothing is lost.
    const offline = await drainOutbox(depsFor(networkDown));
    expect(offline).toMatchObject({ offline: true, remaining: 2 });
    expect(await visitsOn(app.id)).toEqual([]);

    const result = await drainOutbox(depsFor(api.fetch), { ignoreBackoff: true });
    expect(result.remaining).toBe(0);
    expect(wire()).toEqual([
      'POST /api/staff/applications/:id/visits',
      'PUT /api/staff/visits/:id/photos/0',
      'PUT /api/staff/visits/:id/photos/1',
      'POST /api/staff/applications/:id/actions',
    ]);
    expect(await visitsOn(app.id)).toEqual([
      { id: visit.id, officer_id: badc.id, status: 'complete', decision: 'inspect', accuracy_m: 12 },
    ]);
    expect(await storedPhotos(visit.id)).toEqual(photos.map((p, i) => [i, sha256Of(p)]));
    expect(await auditOf(app.id)).toEqual([
      { action: 'fieldVisit', actor_user_id: badc.id },
      { action: 'inspect', actor_user_id: badc.id },
    ]);
    expect(await db.outbox.get(visit.id)).toMatchObject({ status: 'received', filesUploaded: 2 });
    expect((await db.outbox.get(decision.id))?.status).toBe('received');
    expect(await db.outboxFiles.count()).toBe(0);
  });

  it('does not double the visit or a photo when answers are lost on the way', async () => {
    await signInOnDevice(api, badc);
    const app = await atBadc();
    const photos = [jpegBytes(111), jpegBytes(112)];
    const { visit } = await visitThenInspect(app, badc, photos);
    // The server takes the visit and its first photo, and both answers are lost.
    const lose = new Set(['POST /api/staff/applications/:id/visits', 'PUT /api/staff/visits/:id/photos/0']);
    const fetch: SyncDeps['fetch'] = async (path, init) => {
      const res = await api.fetch(path, init);
      const key = `${init?.method ?? 'GET'} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`;
      if (lose.delete(key)) networkDown();
      return res;
    };
    for (let round = 0; round < 4; round++) {
      await drainOutbox(depsFor(fetch), { ignoreBackoff: true });
      clock += 60_000;
    }
    expect(await visitsOn(app.id)).toEqual([expect.objectContaining({ id: visit.id, status: 'complete' })]);
    expect(await storedPhotos(visit.id)).toEqual(photos.map((p, i) => [i, sha256Of(p)]));
    expect(await auditOf(app.id)).toEqual([
      { action: 'fieldVisit', actor_user_id: badc.id },
      { action: 'inspect', actor_user_id: badc.id },
    ]);
    expect(await db.outbox.where('status').notEqual('received').count()).toBe(0);
  });

  it("is held with its decision while another officer is signed in, without holding that officer's own work", async () => {
    const mine = await atBadc();
    const theirs = await atBadc();
    const { visit, decision } = await visitThenInspect(mine, badc, [jpegBytes(121)]);
    clock += 1;
    const other = await enqueueOfficerAction({
      applicationId: theirs.id,
      request: { action: 'inspect', version: 1, clientActionId: newId(), payload: { checklist: checklist() } },
      label: 'পরিদর্শন',
      officer: otherBadc,
    });
    await signInOnDevice(api, otherBadc);

    await drainOutbox(depsFor(api.fetch));
    expect(await db.outbox.get(visit.id)).toMatchObject({ status: 'saved', lastError: { code: 'OFFICER_SIGNED_OUT' } });
    expect((await db.outbox.get(visit.id))!.lastError!.messageBn).toContain(badc.email);
    expect((await db.outbox.get(decision.id))?.status).toBe('saved');
    expect(api.log.some((r) => r.path.includes(mine.id))).toBe(false);
    expect(await visitsOn(mine.id)).toEqual([]);
    expect((await db.outbox.get(other.id))?.status).toBe('received');
    expect(await auditOf(theirs.id)).toEqual([{ action: 'inspect', actor_user_id: otherBadc.id }]);

    await signInOnDevice(api, badc);
    await drainOutbox(depsFor(api.fetch), { ignoreBackoff: true });
    expect(await visitsOn(mine.id)).toEqual([expect.objectContaining({ officer_id: badc.id, status: 'complete' })]);
    expect(await auditOf(mine.id)).toEqual([
      { action: 'fieldVisit', actor_user_id: badc.id },
      { action: 'inspect', actor_user_id: badc.id },
    ]);
  });

  it('keeps the visit recorded when its decision meets a conflict, and shows the conflict', async () => {
    await signInOnDevice(api, badc);
    const app = await atBadc();
    // Someone moved the application meanwhile: the officer saw version 1, the server has 2.
    await api.ctx.db.updateTable('applications').set({ version: 2 }).where('id', '=', app.id).execute();
    const { visit, decision } = await visitThenInspect(app, badc, [jpegBytes(131), jpegBytes(132)]);
    await drainOutbox(depsFor(api.fetch));
    expect(await db.outbox.get(decision.id)).toMatchObject({
      status: 'conflict',
      lastError: { code: 'STALE_STATE' },
      current: { id: app.id, version: 2 },
    });
    expect((await db.outbox.get(visit.id))?.status).toBe('received');
    expect(await visitsOn(app.id)).toEqual([expect.objectContaining({ id: visit.id, status: 'complete' })]);
    expect(await auditOf(app.id)).toEqual([{ action: 'fieldVisit', actor_user_id: badc.id }]);
  });

  it("sends a decision only after its application's visit, and holds no other application's item", async () => {
    await signInOnDevice(api, badc);
    const visited = await atBadc();
    const elsewhere = await atBadc();
    const { visit, decision } = await visitThenInspect(visited, badc, [jpegBytes(141)]);
    clock += 1;
    const unrelated = await enqueueOfficerAction({
      applicationId: elsewhere.id,
      request: { action: 'inspect', version: 1, clientActionId: newId(), payload: { checklist: checklist() } },
      label: 'পরিদর্শন',
      officer: badc,
    });
    // The visit's post fails on the server; everything else works.
    let broken = true;
    const fetch: SyncDeps['fetch'] = (path, init) =>
      broken && path.endsWith('/visits') ? Promise.resolve(new Response('{}', { status: 503 })) : api.fetch(path, init);

    const first = await drainOutbox(depsFor(fetch));
    expect(await db.outbox.get(decision.id)).toMatchObject({
      status: 'saved',
      lastError: { code: 'WAITING_FOR_VISIT' },
    });
    expect(api.log.some((r) => r.path === `/api/staff/applications/${visited.id}/actions`)).toBe(false);
    expect((await db.outbox.get(unrelated.id))?.status).toBe('received');
    // The decision comes due with its visit, not on a loop of its own.
    expect(first.nextDueAt).toBe((await db.outbox.get(visit.id))!.nextAttemptAt);

    // A visit that fails for good keeps its decision waiting until the officer deletes (or retries) it.
    await db.outbox.update(visit.id, { status: 'failed' });
    clock += 600_000;
    await drainOutbox(depsFor(fetch), { ignoreBackoff: true });
    expect((await db.outbox.get(decision.id))?.status).toBe('saved');
    await deleteItem(visit.id);
    broken = false;
    await drainOutbox(depsFor(fetch), { ignoreBackoff: true });
    expect((await db.outbox.get(decision.id))?.status).toBe('received');
    expect(await auditOf(visited.id)).toEqual([{ action: 'inspect', actor_user_id: badc.id }]);
  });

  it("fails, with the server's Bangla reason, a photo whose bytes changed on the phone", async () => {
    await signInOnDevice(api, badc);
    const app = await atBadc();
    const { visit } = await visitThenInspect(app, badc, [jpegBytes(151)]);
    await db.outboxFiles.update([visit.id, '0'], { blob: jpeg(jpegBytes(152)) });
    await drainOutbox(depsFor(api.fetch));
    const failed = await db.outbox.get(visit.id);
    expect(failed).toMatchObject({ status: 'failed', lastError: { code: 'FILE_HASH_MISMATCH' } });
    expect(failed!.lastError!.messageBn).toContain('মেলেনি');
    expect(await visitsOn(app.id)).toEqual([expect.objectContaining({ status: 'receiving' })]);
  });
});
