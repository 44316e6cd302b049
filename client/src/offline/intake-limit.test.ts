// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTAKE_LIMITS } from '@portal/shared';
import { bn } from '@portal/shared/i18n/index';
import { db } from './db';
import { newId } from './ids';
import { enqueue } from './outbox';
import { drainOutbox, type SyncDeps } from './engine';
import { MAX_DELAY_MS } from './backoff';
import { sampleFields } from './test/fixtures';
import { applicationFiles, startRealApi, storedItems, type RealApi } from './test/real-api';
import { requiredFiles, submission } from '../../../server/src/modules/applications/intake-fixtures';

/**
 * Issue 7 (docs/decisions/015-abuse-limits-and-exports.md): a phone whose address has sent many
 * new submissions within the hour is refused with 429 and Retry-After. The real engine against the
 * real API keeps the item on the phone with the server's Bangla reason and sends it later.
 */
let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
  await Promise.all([db.outbox.clear(), db.outboxFiles.clear()]);
}, 120_000);
afterAll(() => api.close());

describe('the per-address limit on new submissions, seen from the phone', () => {
  it('keeps a refused item waiting with the Bangla reason, then sends it once the hour has passed', async () => {
    // The office's address has filed its hour's worth already (the same address as this phone).
    for (let i = 0; i < INTAKE_LIMITS.newPerAddressPerHour; i++) {
      const res = await api.ctx.request('/api/intake/new', { method: 'POST', json: submission(requiredFiles(i)) });
      expect(res.status).toBe(201);
    }

    let clock = 1_000_000;
    const deps: SyncDeps = { fetch: api.fetch, now: () => clock };
    const id = newId();
    await enqueue('New', { clientId: id, fields: sampleFields(), files: applicationFiles(7) });

    await drainOutbox(deps);
    const waiting = await db.outbox.get(id);
    expect(waiting).toMatchObject({
      status: 'saved',
      lastError: { code: 'SUBMISSIONS_LIMITED', messageBn: bn['problem.SUBMISSIONS_LIMITED'] },
    });
    expect(waiting!.nextAttemptAt).toBeGreaterThan(clock);
    expect(await storedItems(api, 'application', id)).toHaveLength(0);

    api.ctx.clock.advance(61 * 60_000);
    clock += MAX_DELAY_MS;
    await drainOutbox(deps);
    expect((await db.outbox.get(id))?.status).toBe('received');
    expect(await storedItems(api, 'application', id)).toEqual([expect.objectContaining({ intake_status: 'complete' })]);
  }, 120_000);
});
