// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not.)
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../offline/db';
import { drainOutbox } from '../../offline/engine';
import { newId } from '../../offline/ids';
import {
  networkDown,
  serviceFilesOf,
  startRealApi,
  storedFiles,
  storedItems,
  type RealApi,
} from '../../offline/test/real-api';
import { sha256Hex } from '../../offline/hash';
import { enqueue } from '../../offline/outbox';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
}, 120_000);
afterAll(() => api.close());

beforeEach(async () => {
  api.log.length = 0;
  await db.outbox.clear();
  await db.outboxFiles.clear();
});

const complaint = { name: 'আমিনা খাতুন', mobile: '01812345678' };

describe('a complaint in the outbox (spec 1 §2 through docs/decisions/018-service-targets.md)', () => {
  it('is kept on the phone without a connection, then sent to /api/intake/complaint with one request per file', async () => {
    const clientId = newId();
    const files = serviceFilesOf('complaint', 1);
    await enqueue('Complaint', { clientId, fields: complaint, files: files as never, label: 'অভিযোগ: আমিনা' });

    const offline = await drainOutbox({ fetch: networkDown, now: () => 1 });
    expect(offline.offline).toBe(true);
    expect((await db.outbox.get(clientId))?.status).toBe('saved');

    await drainOutbox({ fetch: api.fetch, now: () => 2 }, { ignoreBackoff: true });
    const [row] = await storedItems(api, 'complaint', clientId);
    expect(row).toMatchObject({ intake_status: 'complete' });
    expect(await db.outbox.get(clientId)).toMatchObject({
      kind: 'Complaint',
      status: 'received',
      result: { applicationNumber: row!.number, id: clientId },
      filesUploaded: files.length,
    });
    expect(api.log.filter((r) => !r.path.includes('/public/settings')).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/intake/complaint',
      ...files.map((f) => `PUT /api/intake/complaint/${clientId}/files/${f.slot}`),
    ]);
    const expected = new Map(await Promise.all(files.map(async (f) => [f.slot, await sha256Hex(f.file)] as const)));
    expect(await storedFiles(api, 'complaint', clientId)).toEqual(expected);
    expect(await db.outboxFiles.where('itemId').equals(clientId).count()).toBe(0);
  });

  it('sends a copy request to /api/intake/copy', async () => {
    const clientId = newId();
    await enqueue('Copy', {
      clientId,
      fields: { licenceNumber: '12', mobile: '01812345678', fee: '200', appType: 'lost' },
      files: serviceFilesOf('copy', 2) as never,
      label: 'কপি',
    });
    await drainOutbox({ fetch: api.fetch, now: () => 2 }, { ignoreBackoff: true });
    expect(api.log.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/intake/copy');
    const [row] = await storedItems(api, 'copy', clientId);
    expect(await db.outbox.get(clientId)).toMatchObject({
      status: 'received',
      result: { applicationNumber: row!.number },
    });
  });

  it('never writes over a complaint already queued under the same id', async () => {
    const clientId = newId();
    await enqueue('Complaint', { clientId, fields: complaint, files: [], label: 'প্রথম' });
    await db.outbox.update(clientId, { status: 'received', result: { applicationNumber: 9, id: clientId } });
    const again = await enqueue('Complaint', {
      clientId,
      fields: { ...complaint, name: 'অন্য' },
      files: [],
      label: 'দ্বিতীয়',
    });
    expect(again).toMatchObject({ status: 'received', label: 'প্রথম' });
    expect(await db.outbox.get(clientId)).toMatchObject({ status: 'received', result: { applicationNumber: 9 } });
  });
});
