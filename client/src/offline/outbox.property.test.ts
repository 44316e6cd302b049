// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { APPLICATION_DOC_SLOTS } from '@portal/shared';
import { db, UNSENT_STATUSES } from './db';
import { enqueueApplication, sha256Hex } from './outbox';
import { MAX_DELAY_MS } from './backoff';
import { drainOutbox, type SyncDeps } from './engine';
import { FakeServer, networkDown } from './test/fake-server';
import { file, sampleFields } from './test/fixtures';

/**
 * guide/OFFLINE.md "How to prove it": against a network that drops requests, drops answers,
 * delivers requests twice, late and out of order, and a server that sometimes fails, every
 * queued application ends up on the server exactly once, with byte-identical files, and nothing
 * stays unsent on the phone.
 */
type Fault = 'ok' | 'dropRequest' | 'dropAnswer' | 'duplicate' | 'late' | 'serverError';

function chaoticNetwork(server: FakeServer, faults: Fault[]) {
  let n = 0;
  const late: (() => Promise<unknown>)[] = [];
  const deliverLate = async () => {
    while (late.length) await late.shift()!();
  };
  const fetch: SyncDeps['fetch'] = async (path, init) => {
    const fault = faults[n++] ?? 'ok';
    // A request held back earlier reaches the server now, after newer ones (reordering).
    if (fault !== 'late') await deliverLate();
    switch (fault) {
      case 'dropRequest':
        return networkDown();
      case 'dropAnswer':
        await server.handle(path, init);
        return networkDown();
      case 'duplicate':
        await server.handle(path, init);
        return server.handle(path, init);
      case 'late':
        late.push(() => server.handle(path, init));
        return networkDown();
      case 'serverError':
        return new Response('{}', { status: 502 });
      default:
        return server.handle(path, init);
    }
  };
  return { fetch, deliverLate };
}

const faultArb = fc.constantFrom<Fault>('ok', 'ok', 'dropRequest', 'dropAnswer', 'duplicate', 'late', 'serverError');
const slotsArb = fc.subarray([...APPLICATION_DOC_SLOTS], { minLength: 0, maxLength: 6 });
const itemArb = fc.record({
  slots: slotsArb,
  bytes: fc.array(fc.uint8Array({ minLength: 1, maxLength: 48 }), { minLength: 7, maxLength: 7 }),
});

beforeEach(async () => {
  await db.outbox.clear();
  await db.outboxFiles.clear();
});

describe('the outbox over a misbehaving network', () => {
  it('delivers every item exactly once with identical files', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemArb, { minLength: 1, maxLength: 3 }),
        fc.array(faultArb, { maxLength: 40 }),
        async (items, faults) => {
          await db.outbox.clear();
          await db.outboxFiles.clear();
          const server = new FakeServer();
          const network = chaoticNetwork(server, faults);
          let clock = 0;
          const deps: SyncDeps = { fetch: network.fetch, now: () => clock };

          const expected = new Map<string, Map<string, string>>();
          for (const [i, item] of items.entries()) {
            const id = crypto.randomUUID();
            const files = item.slots.map((slot, k) => ({
              slot,
              file: file([...item.bytes[k]!], 'image/png', `${slot}.png`),
            }));
            await enqueueApplication({ clientId: id, fields: sampleFields(`আবেদনকারী ${i}`), files });
            expected.set(
              id,
              new Map(await Promise.all(files.map(async (f) => [f.slot, await sha256Hex(f.file)] as const))),
            );
          }

          for (let round = 0; round < 100; round++) {
            const { remaining } = await drainOutbox(deps);
            if (remaining === 0) break;
            clock += MAX_DELAY_MS;
          }
          await network.deliverLate();

          expect(server.applications.size).toBe(expected.size);
          for (const [id, files] of expected) {
            const app = server.applications.get(id);
            expect(app?.status).toBe('complete');
            expect(new Map(app!.files)).toEqual(files);
            const item = await db.outbox.get(id);
            expect(item?.status).toBe('received');
            expect(item?.result?.applicationNumber).toBe(app!.applicationNumber);
          }
          expect(
            await db.outbox
              .where('status')
              .anyOf([...UNSENT_STATUSES])
              .count(),
          ).toBe(0);
          expect(await db.outboxFiles.count()).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
