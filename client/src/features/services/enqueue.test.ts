// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not.)
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../offline/db';
import { drainOutbox } from '../../offline/engine';
import { FakeServer, networkDown } from '../../offline/test/fake-server';
import { file } from '../../offline/test/fixtures';
import { enqueueService } from './enqueue';

beforeEach(async () => {
  await db.outbox.clear();
  await db.outboxFiles.clear();
});

/** The fake speaks the application protocol; complaints and copies speak the same one at their own path. */
function serverAt(prefix: string, server: FakeServer, seen: string[]) {
  return (path: string, init?: RequestInit) => {
    seen.push(`${init?.method ?? 'GET'} ${path}`);
    return server.handle(path.replace(prefix, '/api/applications'), init);
  };
}

describe('a complaint in the outbox (spec 1 §2 through guide/OFFLINE.md)', () => {
  it('is kept on the phone without a connection, then sent to /api/services/complaints with one request per file', async () => {
    const clientId = crypto.randomUUID();
    await enqueueService({
      kind: 'complaint',
      clientId,
      fields: { name: 'আমিনা', mobile: '01812345678' },
      files: ['licenceForm', 'depositReceipt', 'complaintForm', 'certificate'].map((slot, i) => ({
        slot,
        file: file([i + 1, 2, 3], 'application/pdf', `${slot}.pdf`),
      })),
      label: 'অভিযোগ: আমিনা',
    });

    const offline = await drainOutbox({ fetch: networkDown, now: () => 1 });
    expect(offline.offline).toBe(true);
    expect((await db.outbox.get(clientId))?.status).toBe('saved');

    const server = new FakeServer();
    const seen: string[] = [];
    await drainOutbox(
      { fetch: serverAt('/api/services/complaints', server, seen), now: () => 2 },
      { ignoreBackoff: true },
    );
    const item = await db.outbox.get(clientId);
    expect(item).toMatchObject({
      kind: 'complaint',
      status: 'received',
      result: { applicationNumber: 1, id: clientId },
      filesUploaded: 4,
    });
    expect(seen.filter((s) => !s.includes('/public/settings'))).toEqual([
      'POST /api/services/complaints',
      `PUT /api/services/complaints/${clientId}/files/licenceForm`,
      `PUT /api/services/complaints/${clientId}/files/depositReceipt`,
      `PUT /api/services/complaints/${clientId}/files/complaintForm`,
      `PUT /api/services/complaints/${clientId}/files/certificate`,
    ]);
    expect(await db.outboxFiles.where('itemId').equals(clientId).count()).toBe(0);
  });

  it('sends a copy request to /api/services/copies', async () => {
    const clientId = crypto.randomUUID();
    await enqueueService({
      kind: 'copy',
      clientId,
      fields: { licenceNumber: '12', mobile: '01812345678', fee: '200', appType: 'lost' },
      files: [{ slot: 'photo', file: file([9]) }],
      label: 'কপি',
    });
    const seen: string[] = [];
    await drainOutbox(
      { fetch: serverAt('/api/services/copies', new FakeServer(), seen), now: () => 2 },
      { ignoreBackoff: true },
    );
    expect(seen).toContain('POST /api/services/copies');
    expect(seen).toContain(`PUT /api/services/copies/${clientId}/files/photo`);
    expect((await db.outbox.get(clientId))?.status).toBe('received');
  });
});
