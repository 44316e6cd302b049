import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { act, insertApplication } from './request-fixtures.js';

/**
 * A decision queued on a shared device carries the staff id of the officer who made it; the server
 * applies it only under that officer's session (docs/decisions/012-offline-queue-truth.md).
 */
let ctx: TestContext;
let chairmanA: StaffAgent, chairmanB: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  [chairmanA, chairmanB] = await Promise.all([signInAs(ctx, 'Chairman'), signInAs(ctx, 'Chairman')]);
});
afterAll(() => ctx.close());

const auditOf = (id: string) =>
  ctx.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id'])
    .where('application_id', '=', id)
    .orderBy('id')
    .execute();

describe("an officer's decision is applied only under that officer's session", () => {
  it("refuses officer A's decision sent with officer B's session, in Bangla, and changes nothing", async () => {
    const { id } = await insertApplication(ctx);
    const clientActionId = crypto.randomUUID();
    const res = await act(ctx, chairmanB, id, {
      action: 'forward',
      payload: {},
      version: 1,
      clientActionId,
      officerId: chairmanA.id,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 'OFFICER_MISMATCH',
      message: expect.stringContaining('অন্য একজন কর্মকর্তা'),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
    expect(await auditOf(id)).toEqual([]);

    // The same decision under its own officer's session goes through once, in A's name.
    const own = await act(ctx, chairmanA, id, {
      action: 'forward',
      payload: {},
      version: 1,
      clientActionId,
      officerId: chairmanA.id,
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ stage: 'StepTwo', version: 2 });
    expect(await auditOf(id)).toEqual([{ action: 'forward', actor_user_id: chairmanA.id }]);

    // Replayed under B afterwards it is still refused, not answered with A's result.
    const replay = await act(ctx, chairmanB, id, {
      action: 'forward',
      payload: {},
      version: 1,
      clientActionId,
      officerId: chairmanA.id,
    });
    expect(replay.status).toBe(403);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('takes a request without an officer id as made now by the signed-in officer', async () => {
    const { id } = await insertApplication(ctx);
    const res = await act(ctx, chairmanB, id, { action: 'forward', payload: {} });
    expect(res.status).toBe(200);
    expect(await auditOf(id)).toEqual([{ action: 'forward', actor_user_id: chairmanB.id }]);
  });
});
