// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone, and the real API runs in this process.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { db, UNSENT_STATUSES } from './db';
import { newId } from './ids';
import { enqueue, enqueueOfficerAction } from './outbox';
import { sha256Hex } from './hash';
import { MAX_DELAY_MS } from './backoff';
import { drainOutbox, type SyncDeps } from './engine';
import { sampleFields } from './test/fixtures';
import {
  applicationFiles,
  createOfficer,
  networkDown,
  serviceFilesOf,
  signInOnDevice,
  startRealApi,
  storedFiles,
  storedItems,
  type Officer,
  type RealApi,
} from './test/real-api';
import { insertApplication } from '../../../server/src/modules/requests/request-fixtures';

/**
 * docs/decisions/018-service-targets.md "How to prove it": the sync engine against the real API in-process (the Hono
 * app over PGlite, or PostgreSQL with TEST_DATABASE=postgres; test/real-api.ts), behind a network
 * that drops requests, loses answers (the server acted, the phone saw an error), delivers requests
 * twice, late and out of order, and a proxy that sometimes fails. Over many runs: every queued
 * application, complaint and copy request is on the server exactly once, complete, with
 * byte-identical files and the number the phone shows; every decision of the signed-in officer is
 * applied once, in that officer's name; a decision of another officer is never sent; and nothing
 * else is left unsent on the phone once the network heals.
 */
type Fault = 'ok' | 'dropRequest' | 'dropAnswer' | 'duplicate' | 'late' | 'serverError';

function chaoticNetwork(api: RealApi, faults: Fault[]) {
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
        await api.fetch(path, init);
        return networkDown();
      case 'duplicate':
        await api.fetch(path, init);
        return api.fetch(path, init);
      case 'late':
        late.push(() => api.fetch(path, init));
        return networkDown();
      case 'serverError':
        return new Response('{}', { status: 502 });
      default:
        return api.fetch(path, init);
    }
  };
  /** Every planned fault has happened: from now on the network works. */
  const healed = () => n >= faults.length;
  return { fetch, deliverLate, healed };
}

type Kind = 'application' | 'complaint' | 'copy' | 'decision' | 'othersDecision';
const faultArb = fc.constantFrom<Fault>('ok', 'ok', 'dropRequest', 'dropAnswer', 'duplicate', 'late', 'serverError');
const kindArb = fc.constantFrom<Kind>('application', 'complaint', 'copy', 'decision', 'othersDecision');

let api: RealApi;
let officer: Officer;
let otherOfficer: Officer;

beforeAll(async () => {
  api = await startRealApi();
  [officer, otherOfficer] = [await createOfficer(api, 'Chairman'), await createOfficer(api, 'Chairman')];
  await signInOnDevice(api, officer);
}, 120_000);
afterAll(() => api.close());

const auditOf = (applicationId: string) =>
  api.ctx.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id'])
    .where('application_id', '=', applicationId)
    .execute();

describe('the outbox over a misbehaving network, against the real API', () => {
  it('delivers every item exactly once with identical files, and decisions only under their officer', async () => {
    let seed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(kindArb, { minLength: 1, maxLength: 3 }),
        fc.array(faultArb, { maxLength: 40 }),
        async (kinds, faults) => {
          await Promise.all([db.outbox.clear(), db.outboxFiles.clear()]);
          // A new hour on the server: the intake limit per address counts new submissions per hour.
          api.ctx.clock.advance(61 * 60_000);
          const network = chaoticNetwork(api, faults);
          let clock = 0;
          const deps: SyncDeps = { fetch: network.fetch, now: () => clock };

          const citizen: { id: string; kind: 'application' | 'complaint' | 'copy'; files: Map<string, string> }[] = [];
          const decisions: { id: string; applicationId: string; mine: boolean }[] = [];
          for (const kind of kinds) {
            const id = newId();
            seed += 10;
            if (kind === 'application') {
              const files = applicationFiles(seed);
              await enqueue('New', { clientId: id, fields: sampleFields(`আবেদনকারী ${seed}`), files });
              citizen.push({ id, kind, files: await hashes(files) });
            } else if (kind === 'complaint' || kind === 'copy') {
              const files = serviceFilesOf(kind, seed);
              const fields =
                kind === 'complaint'
                  ? { name: `অভিযোগকারী ${seed}`, mobile: '01812345678' }
                  : { licenceNumber: String(seed), mobile: '01912345678', fee: '200', appType: 'lost' };
              await enqueue(kind === 'complaint' ? 'Complaint' : 'Copy', {
                clientId: id,
                fields: fields as never,
                files: files as never,
                label: kind,
              });
              citizen.push({ id, kind, files: await hashes(files) });
            } else {
              const app = await insertApplication(api.ctx);
              const mine = kind === 'decision';
              await enqueueOfficerAction({
                applicationId: app.id,
                request: { action: 'forward', version: 1, clientActionId: id, payload: {} },
                label: 'অগ্রায়ন',
                officer: mine ? officer : otherOfficer,
              });
              decisions.push({ id, applicationId: app.id, mine });
            }
            clock += 1;
          }
          const held = decisions.filter((d) => !d.mine).length;

          // Until one whole drain over a healed network leaves only the held decisions.
          for (let round = 0; round < 100; round++) {
            const healedBefore = network.healed();
            const { remaining } = await drainOutbox(deps);
            if (healedBefore && remaining === held) break;
            clock += MAX_DELAY_MS;
          }
          await network.deliverLate();

          for (const item of citizen) {
            const rows = await storedItems(api, item.kind, item.id);
            expect(rows).toHaveLength(1);
            expect(rows[0]!.intake_status).toBe('complete');
            expect(await storedFiles(api, item.kind, item.id)).toEqual(item.files);
            const onPhone = await db.outbox.get(item.id);
            expect(onPhone?.status).toBe('received');
            expect(onPhone?.result?.applicationNumber).toBe(rows[0]!.number);
          }
          for (const d of decisions) {
            const onPhone = await db.outbox.get(d.id);
            if (d.mine) {
              expect(onPhone?.status).toBe('received');
              expect(await auditOf(d.applicationId)).toEqual([{ action: 'forward', actor_user_id: officer.id }]);
            } else {
              expect(onPhone).toMatchObject({ status: 'saved', lastError: { code: 'OFFICER_SIGNED_OUT' } });
              expect(await auditOf(d.applicationId)).toEqual([]);
              expect(api.log.some((r) => r.path.includes(d.applicationId))).toBe(false);
            }
          }
          expect(
            await db.outbox
              .where('status')
              .anyOf([...UNSENT_STATUSES])
              .count(),
          ).toBe(held);
          expect(await db.outboxFiles.count()).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});

async function hashes(files: { slot: string; file: Blob }[]): Promise<Map<string, string>> {
  return new Map(await Promise.all(files.map(async (f) => [f.slot, await sha256Hex(f.file)] as const)));
}
