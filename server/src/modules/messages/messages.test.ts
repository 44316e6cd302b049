import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitNumbers, type SmsPage, type StaffRole } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { problemOf } from '../applications/intake-fixtures.js';
import { enqueueSms } from '../sms/outbox.js';

let ctx: TestContext;
let admin: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
});
afterAll(async () => ctx?.close());

const send = (json: unknown, agent: StaffAgent | undefined = admin) =>
  ctx.request('/api/admin/messages', { method: 'POST', json, agent });

describe('bulk text messages (spec 2 §2 "Message")', () => {
  it('splits the free-text list at commas and new lines, keeping spaces inside a number', () => {
    expect(splitNumbers('01711111111, 01822222222\n০১৯৩৩৩৩৩৩৩৩;+8801544444444\n\n01712 345678')).toEqual([
      '01711111111',
      '01822222222',
      '০১৯৩৩৩৩৩৩৩৩',
      '+8801544444444',
      '01712 345678',
    ]);
  });

  it('names every invalid number in Bangla and queues nothing until all are valid', async () => {
    const res = await send({
      batchId: crypto.randomUUID(),
      numbers: '01711111111, 12345\n0171, 01822222222',
      message: 'সভা আগামীকাল',
    });
    expect(res.status).toBe(400);
    const msg = (await problemOf(res)).fields!.numbers!;
    expect(msg).toContain('12345, 0171');
    expect(msg).toMatch(/সঠিক মোবাইল নম্বর নয়/);
    const queued = await ctx.db.selectFrom('sms_outbox').selectAll().where('kind', '=', 'bulk').execute();
    expect(queued).toHaveLength(0);
  });

  it('queues one message per number (duplicates once), and a repeated Send queues nothing twice', async () => {
    const batchId = crypto.randomUUID();
    const json = { batchId, numbers: '01711111111, ০১৮২২২২২২২২\n+8801711111111', message: 'সেচ মৌসুমের সভা আগামীকাল' };
    const res = await send(json);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ queued: 2 });
    expect((await send(json)).status).toBe(202);
    const rows = await ctx.db.selectFrom('sms_outbox').selectAll().where('kind', '=', 'bulk').execute();
    expect(rows.map((r) => r.to_number).sort()).toEqual(['01711111111', '01822222222']);
    expect(rows.every((r) => r.body === 'সেচ মৌসুমের সভা আগামীকাল' && r.status === 'pending')).toBe(true);
  });

  it('shows what was sent, is pending or failed, with the gateway reply, and masks one-time codes', async () => {
    await enqueueSms(ctx.db, { to: '01900000001', body: 'আপনার কোড ৪৮২৯১৭', kind: 'otp' });
    await ctx.db
      .updateTable('sms_outbox')
      .set({ status: 'failed', gateway_reply: 'Error: balance low', last_error: 'gateway refused' })
      .where('to_number', '=', '01822222222')
      .execute();
    await ctx.db
      .updateTable('sms_outbox')
      .set({ status: 'sent', gateway_reply: 'Ok: queued' })
      .where('to_number', '=', '01711111111')
      .execute();

    const failed = (await (await ctx.request('/api/admin/messages?status=failed', { agent: admin })).json()) as SmsPage;
    expect(failed.total).toBe(1);
    expect(failed.rows[0]).toMatchObject({
      to: '01822222222',
      gatewayReply: 'Error: balance low',
      lastError: 'gateway refused',
    });
    const sent = (await (await ctx.request('/api/admin/messages?status=sent', { agent: admin })).json()) as SmsPage;
    expect(sent.rows[0]!.gatewayReply).toBe('Ok: queued');

    const all = (await (await ctx.request('/api/admin/messages?pageSize=5', { agent: admin })).json()) as SmsPage;
    const otp = all.rows.find((r) => r.kind === 'otp')!;
    expect(otp.body).not.toMatch(/[০-৯0-9]/);
    const search = (await (
      await ctx.request('/api/admin/messages?q=' + encodeURIComponent('৪৮২৯'), { agent: admin })
    ).json()) as SmsPage;
    expect(search.total).toBe(0);
  });

  it("is the Admin's alone", async () => {
    const roles: (StaffRole | null)[] = ['Chairman', 'UNO', 'BADC', 'Pollibidut', null];
    const agents = await Promise.all(roles.map((r) => signInAs(ctx, r)));
    const json = { batchId: crypto.randomUUID(), numbers: '01711111111', message: 'x' };
    expect((await ctx.request('/api/admin/messages', { method: 'POST', json })).status).toBe(401);
    expect((await ctx.request('/api/admin/messages')).status).toBe(401);
    for (const agent of agents) {
      expect((await send(json, agent)).status).toBe(403);
      expect((await ctx.request('/api/admin/messages', { agent })).status).toBe(403);
    }
    const rows = await ctx.db.selectFrom('sms_outbox').select('id').where('body', '=', 'x').execute();
    expect(rows).toHaveLength(0);
  });
});
