import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { enqueueSms } from '../sms/outbox.js';
import { startStubGateway, type StubGateway } from '../sms/stub-gateway.js';
import { drainOnce } from '../sms/worker.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { officesChanged } from './offices.repository.js';

/**
 * The background jobs with two offices (docs/decisions/057-offices.md): the text-message worker
 * sends every office's messages, each through its own office's gateway, and marks it in its office.
 */
let ctx: TestContext;
const gateways: StubGateway[] = [];
beforeAll(async () => {
  gateways.push(await startStubGateway(), await startStubGateway());
  ctx = await createTestContext({ sms: { driver: 'auto', url: null, token: null, pollMs: 60_000 } });
  await ctx.baseDb
    .insertInto('offices')
    .values({ id: 2, name_bn: 'দ্বিতীয়', name_en: 'Second', code: 'second' })
    .execute();
  officesChanged(ctx.baseDb);
  for (const [i, gateway] of gateways.entries()) {
    const data = JSON.stringify({ smsGatewayUrl: gateway.url, smsToken: gateway.token });
    await ctx.baseDb
      .insertInto('site_settings')
      .values({ office_id: i + 1, id: 1, data, updated_at: new Date(), updated_by: null })
      .onConflict((oc) => oc.columns(['office_id', 'id']).doUpdateSet({ data }))
      .execute();
  }
});
afterAll(async () => {
  await ctx.close();
  for (const g of gateways) await g.close();
});

describe('the text-message worker with two offices', () => {
  it("sends each office's message through that office's own gateway, and marks it sent there", async () => {
    const second = scopedDatabase(ctx.baseDb, officeScope(2));
    await enqueueSms(ctx.db, { to: '01711111111', body: 'প্রথম অফিস', kind: 'test' });
    await enqueueSms(second, { to: '01722222222', body: 'দ্বিতীয় অফিস', kind: 'test' });

    // Office 1's own worker pass sends only office 1's message.
    expect(await drainOnce(ctx.deps)).toBe(1);
    expect(gateways[0]!.received).toEqual([{ to: '8801711111111', message: 'প্রথম অফিস' }]);
    expect(gateways[1]!.received).toEqual([]);

    // The server's worker, on the unscoped database, takes every office's.
    expect(await drainOnce({ ...ctx.deps, db: ctx.baseDb })).toBe(1);
    expect(gateways[1]!.received).toEqual([{ to: '8801722222222', message: 'দ্বিতীয় অফিস' }]);
    const statuses = await ctx.baseDb
      .selectFrom('sms_outbox')
      .select(['office_id', 'status'])
      .orderBy('office_id')
      .execute();
    expect(statuses).toEqual([
      { office_id: 1, status: 'sent' },
      { office_id: 2, status: 'sent' },
    ]);
  });
});
