import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_SMS_MAX } from '@portal/shared/schemas/register';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { detail } from '../requests/request-fixtures.js';
import { registerApplication, registerPost } from './register-fixtures.js';

/**
 * Per-row Send SMS of the register (spec 2 §2, §7; docs/decisions/037): through the durable outbox
 * to the application's mobile, recorded on the application, limited like the other sends.
 */
let ctx: TestContext;
let badc: StaffAgent, admin: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  [badc, admin] = await Promise.all([signInAs(ctx, 'BADC'), signInAs(ctx, 'Admin')]);
  const res = await ctx.request('/api/admin/settings', {
    method: 'PUT',
    agent: admin,
    json: { webUrl: 'https://sech.example.gov.bd/' },
  });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${await res.text()}`);
});
afterAll(() => ctx.close());

const outbox = (to: string) =>
  ctx.db.selectFrom('sms_outbox').select(['to_number', 'body', 'kind', 'status']).where('to_number', '=', to).execute();
const send = (agent: StaffAgent, id: string, message: string, clientMessageId: string = crypto.randomUUID()) =>
  registerPost(ctx, agent, id, 'sms', { message, clientMessageId });

describe('Send SMS from a register row', () => {
  it('queues the text to the application’s mobile, with the site line, and records it in the history', async () => {
    const app = await registerApplication(ctx, { mobile: '01811000001', stage: 'StepTwo', seen: { chairman: true } });
    const message = 'আপনার আবেদনের মূল দলিল নিয়ে বৃহস্পতিবার অফিসে আসুন।';
    const clientMessageId = crypto.randomUUID();
    const res = await send(badc, app.id, `  ${message}  `, clientMessageId);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: true, to: '01811000001' });
    expect(await outbox('01811000001')).toEqual([
      { to_number: '01811000001', body: `${message}\nsech.example.gov.bd থেকে`, kind: 'register', status: 'pending' },
    ]);

    // A second press (or a retry after a lost answer) with the same id queues nothing more.
    const again = await send(badc, app.id, message, clientMessageId);
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ queued: false, to: '01811000001' });
    expect(await outbox('01811000001')).toHaveLength(1);

    // The officers who read the application see the text in its history, once, under who sent it.
    const history = (await detail(ctx, admin, app.id)).audit.filter((e) => e.action === 'registerSms');
    expect(history).toEqual([expect.objectContaining({ actor: badc.email, note: message })]);
  });

  it('refuses an empty or too long message with 422 and a Bangla reason, queuing nothing', async () => {
    const app = await registerApplication(ctx, { mobile: '01811000002' });
    const empty = await send(admin, app.id, '   ');
    expect(empty.status).toBe(422);
    expect(empty.body.error).toMatchObject({ code: 'SMS_TEXT_INVALID', fields: { message: 'বার্তা লিখুন।' } });
    const long = await send(admin, app.id, 'ক'.repeat(REGISTER_SMS_MAX + 1));
    expect(long.status).toBe(422);
    expect(long.body.error?.fields?.message).toBe(
      `বার্তা সর্বোচ্চ ${REGISTER_SMS_MAX} অক্ষরের হতে পারে; এখন ${REGISTER_SMS_MAX + 1} অক্ষর।`,
    );
    // Exactly the limit goes.
    expect((await send(admin, app.id, 'ক'.repeat(REGISTER_SMS_MAX))).status).toBe(202);
    expect(await outbox('01811000002')).toHaveLength(1);
  });

  it('limits texts to one applicant to five a day; the sixth is 429 with Retry-After and nothing is queued', async () => {
    const app = await registerApplication(ctx, { mobile: '01811000003' });
    for (let i = 1; i <= 5; i++) expect((await send(badc, app.id, `বার্তা ${i}`)).status, `text ${i}`).toBe(202);
    const res = await ctx.request(`/api/staff/register/applications/${app.id}/sms`, {
      method: 'POST',
      agent: admin,
      json: { message: 'বার্তা ৬', clientMessageId: crypto.randomUUID() },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outbox('01811000003')).toHaveLength(5);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('note')
      .where('application_id', '=', app.id)
      .where('action', '=', 'registerSms')
      .execute();
    expect(audit).toHaveLength(5);
    // A day later (a new sign-in: the idle session has ended meanwhile) it goes.
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    [badc, admin] = await Promise.all([signInAs(ctx, 'BADC'), signInAs(ctx, 'Admin')]);
    expect((await send(admin, app.id, 'বার্তা ৬')).status).toBe(202);
  });

  it('answers 404 for an unknown or deleted application, and 403 to the roles without the register', async () => {
    expect((await send(badc, crypto.randomUUID(), 'কেউ নেই')).status).toBe(404);
    const app = await registerApplication(ctx, { mobile: '01811000004' });
    expect((await registerPost(ctx, badc, app.id, 'delete', { reason: 'দুবার জমা' })).status).toBe(200);
    expect((await send(badc, app.id, 'মুছে ফেলা')).status).toBe(404);
    for (const role of ['Chairman', 'UNO', 'Pollibidut'] as const) {
      const agent = await signInAs(ctx, role);
      const res = await send(agent, app.id, 'অনুমতি নেই');
      expect(res.status, role).toBe(403);
    }
    expect(await outbox('01811000004')).toEqual([]);
  });
});
