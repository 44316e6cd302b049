import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, todayInDhaka } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { updateSettings } from '../settings/settings.repository.js';
import { pdfBytes } from '../applications/intake-fixtures.js';
import { act, checklist, detail, insertApplication } from './request-fixtures.js';

let ctx: TestContext;
let chairman: StaffAgent, uno: StaffAgent, badc: StaffAgent, admin: StaffAgent, pollibidut: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  [chairman, uno, badc, admin, pollibidut] = await Promise.all([
    signInAs(ctx, 'Chairman'),
    signInAs(ctx, 'UNO'),
    signInAs(ctx, 'BADC'),
    signInAs(ctx, 'Admin'),
    signInAs(ctx, 'Pollibidut'),
  ]);
});
afterAll(() => ctx.close());

const today = () => todayInDhaka(ctx.clock.now);
const smsTo = (mobile: string) =>
  ctx.db.selectFrom('sms_outbox').select(['kind', 'body']).where('to_number', '=', mobile).orderBy('id').execute();
const auditOf = (id: string) =>
  ctx.db
    .selectFrom('audit_log')
    .select(['action', 'from_stage', 'to_stage', 'note', 'actor_label'])
    .where('application_id', '=', id)
    .orderBy('id')
    .execute();

describe('an application through the pipeline, as each officer', () => {
  it('goes from the chairman to an issued licence, with an audit row for each step', async () => {
    const { id } = await insertApplication(ctx, { mobile: '01811111111' });

    const forward1 = await act(ctx, chairman, id, { action: 'forward', payload: {} });
    expect(forward1.status).toBe(200);
    expect(forward1.body).toMatchObject({
      stage: 'StepTwo',
      seen: { chairman: true, uno: false, badc: false },
      version: 2,
    });
    // The chairman can do nothing more with it; the UNO can forward it.
    expect(forward1.body.allowedActions).toEqual([]);
    expect((await detail(ctx, uno, id)).allowedActions).toEqual(['forward']);

    expect((await act(ctx, uno, id, { action: 'forward', payload: {} })).body).toMatchObject({ stage: 'StepThree' });

    const inspected = await act(ctx, badc, id, {
      action: 'inspect',
      payload: {
        checklist: checklist({ 4: 'খতিয়ানের নাম মেলে না' }),
        finalRemarks: 'সরেজমিনে দেখা হয়েছে',
        latitude: '২৪.৭৫',
        longitude: 88.25,
      },
    });
    expect(inspected.status).toBe(200);
    expect(inspected.body).toMatchObject({
      stage: 'Pending',
      seen: { chairman: true, uno: true, badc: true },
      finalRemarks: 'সরেজমিনে দেখা হয়েছে',
      fields: expect.objectContaining({ latitude: 24.75, longitude: 88.25 }),
    });
    // A new-licence form has no electricity bill: item 7 is stored as yes without a reason (spec 3 §5).
    expect(inspected.body.checklist).toEqual([
      { ok: true },
      { ok: true },
      { ok: true },
      { ok: false, reason: 'খতিয়ানের নাম মেলে না' },
      { ok: true },
      { ok: true },
      { ok: true },
    ]);

    const first = await act(ctx, badc, id, {
      action: 'decideFirst',
      payload: { approvable: true, reason: 'কাগজ ঠিক আছে' },
    });
    expect(first.body).toMatchObject({ stage: 'Approvable', finalRemarks: 'সরেজমিনে দেখা হয়েছে\nকাগজ ঠিক আছে' });
    expect(first.body.allowedActions).toEqual(
      expect.arrayContaining(['approve', 'decline', 'updateFinal', 'requestRecheck']),
    );

    const validFrom = today();
    const approved = await act(ctx, badc, id, {
      action: 'approve',
      payload: { termYears: 3, issuedOn: validFrom, validFrom, validTo: addYears(validFrom, 3) },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      stage: 'Approved',
      version: 6,
      licence: { holderName: 'রহিম উদ্দিন', validFrom, validTo: addYears(validFrom, 3), status: 'active' },
    });
    expect(approved.body.licence!.number).toBeGreaterThan(0);

    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.from_stage, a.to_stage])).toEqual([
      ['forward', 'StepOne', 'StepTwo'],
      ['forward', 'StepTwo', 'StepThree'],
      ['inspect', 'StepThree', 'Pending'],
      ['decideFirst', 'Pending', 'Approvable'],
      ['approve', 'Approvable', 'Approved'],
    ]);
    expect(audit.map((a) => a.actor_label)).toEqual([chairman.email, uno.email, badc.email, badc.email, badc.email]);
    expect(approved.body.audit).toHaveLength(5);

    // The applicant is told of the approval (sms_application_approved is ON by default).
    expect(await smsTo('01811111111')).toEqual([{ kind: 'approved', body: expect.stringContaining('অনুমোদিত') }]);
  });

  it('asks the seventh question (electricity bill) of an existing-pump application', async () => {
    const { id } = await insertApplication(ctx, {
      kind: 'Existing',
      stage: 'StepThree',
      seen: { chairman: true, uno: true },
    });
    const six = await act(ctx, badc, id, { action: 'inspect', payload: { checklist: checklist().slice(0, 6) } });
    expect(six.status).toBe(400);
    expect(six.body.error!.code).toBe('VALIDATION');
    const seven = await act(ctx, badc, id, { action: 'inspect', payload: { checklist: checklist({ 7: 'বিল পুরনো' }) } });
    expect(seven.body.checklist![6]).toEqual({ ok: false, reason: 'বিল পুরনো' });
  });

  it('refuses a "no" without a reason with a Bangla field message', async () => {
    const { id } = await insertApplication(ctx, { stage: 'StepThree', seen: { chairman: true, uno: true } });
    const res = await act(ctx, badc, id, {
      action: 'inspect',
      payload: { checklist: [{ ok: false }, ...checklist().slice(1)] },
    });
    expect(res.status).toBe(400);
    expect(Object.values(res.body.error!.fields!)).toContain('"না" হলে কারণ লিখুন।');
  });
});

describe('who may act', () => {
  it('answers 403 to a role that may not take the action or read the application, 409 when the stage does not fit', async () => {
    const { id } = await insertApplication(ctx);
    // The UNO reads what it has forwarded, but it is past the UNO's level now.
    const past = await insertApplication(ctx, { stage: 'StepThree', seen: { chairman: true, uno: true } });
    const byUno = await act(ctx, uno, past.id, { action: 'forward', payload: {} });
    expect(byUno.status).toBe(409);
    expect(byUno.body.error!.code).toBe('ACTION_NOT_ALLOWED');
    // Not yet at the UNO's level, none of its lists shows it (docs/decisions/017-permissions.md).
    for (const agent of [uno, badc, pollibidut, admin]) {
      const res = await act(ctx, agent, id, { action: 'forward', payload: {}, version: 1 });
      expect(res.status).toBe(403);
      expect(res.body.error!.code).toBe('FORBIDDEN');
    }
    expect(
      (
        await act(ctx, chairman, id, {
          action: 'approve',
          payload: { termYears: 3, issuedOn: today(), validFrom: today(), validTo: addYears(today(), 3) },
        })
      ).status,
    ).toBe(403);
    expect((await detail(ctx, chairman, id)).stage).toBe('StepOne');
  });

  it('lets Pollibidut read a declined application but offers no action, and refuses it one under review', async () => {
    const { id } = await insertApplication(ctx, { stage: 'Decline', seen: { chairman: true, uno: true, badc: true } });
    const d = await detail(ctx, pollibidut, id);
    expect(d.stage).toBe('Decline');
    expect(d.allowedActions).toEqual([]);
    const early = await insertApplication(ctx);
    expect((await ctx.request(`/api/staff/applications/${early.id}`, { agent: pollibidut })).status).toBe(403);
  });

  it('answers 401 without a session and 404 for an unknown application', async () => {
    const { id } = await insertApplication(ctx);
    expect((await ctx.request(`/api/staff/applications/${id}`)).status).toBe(401);
    expect((await ctx.request(`/api/staff/applications/${crypto.randomUUID()}`, { agent: badc })).status).toBe(404);
  });

  it('does not let anyone act on an application whose files are still arriving', async () => {
    const { id } = await insertApplication(ctx, { intakeStatus: 'receiving' });
    expect((await detail(ctx, chairman, id)).allowedActions).toEqual([]);
    expect((await act(ctx, chairman, id, { action: 'forward', payload: {} })).status).toBe(409);
  });
});

describe('offline decisions: stale versions and repeats', () => {
  it('refuses a decision made on an older version with 409 and the current state, changing nothing', async () => {
    const { id } = await insertApplication(ctx);
    await act(ctx, chairman, id, { action: 'forward', payload: {} });
    const stale = await act(ctx, chairman, id, { action: 'forward', payload: {}, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error!.code).toBe('STALE_STATE');
    expect(stale.body.error!.current).toMatchObject({ id, stage: 'StepTwo', version: 2 });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('answers a repeated clientActionId with the first result and applies it once', async () => {
    const { id } = await insertApplication(ctx, {
      stage: 'Approvable',
      seen: { chairman: true, uno: true, badc: true },
      mobile: '01822222222',
    });
    const request = {
      action: 'decline' as const,
      payload: { reason: 'জমির কাগজ জাল' },
      version: 1,
      clientActionId: crypto.randomUUID(),
    };
    const first = await act(ctx, badc, id, request);
    const again = await act(ctx, badc, id, request);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(first.body).toMatchObject({ stage: 'Decline', finalRemarks: 'জমির কাগজ জাল', version: 2 });
    expect(await auditOf(id)).toHaveLength(1);
    expect(await smsTo('01822222222')).toEqual([{ kind: 'declined', body: expect.stringContaining('জমির কাগজ জাল') }]);

    const other = await act(ctx, badc, id, { ...request, payload: { reason: 'অন্য কারণ' } });
    expect(other.status).toBe(409);
    expect(other.body.error!.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('applies two simultaneous repeats once', async () => {
    const { id } = await insertApplication(ctx);
    const request = { action: 'forward' as const, payload: {}, version: 1, clientActionId: crypto.randomUUID() };
    const [a, b] = await Promise.all([act(ctx, chairman, id, request), act(ctx, chairman, id, request)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(await auditOf(id)).toHaveLength(1);
  });
});

describe('final stage, licences and text messages', () => {
  const atApprovable = (seed = {}) =>
    insertApplication(ctx, { stage: 'Approvable', seen: { chairman: true, uno: true, badc: true }, ...seed });

  it('flips approvable both ways, updates remarks and the map, and appends a decline reason to the remarks', async () => {
    const { id } = await atApprovable();
    const flipped = await act(ctx, badc, id, {
      action: 'updateFinal',
      payload: { approvable: false, remarks: 'দূরত্ব কম', latitude: 24.8 },
    });
    expect(flipped.body).toMatchObject({
      stage: 'NotApprovable',
      finalRemarks: 'দূরত্ব কম',
      fields: expect.objectContaining({ latitude: 24.8, longitude: 88.2 }),
    });
    expect((await act(ctx, badc, id, { action: 'updateFinal', payload: { approvable: true } })).body.stage).toBe(
      'Approvable',
    );
    const declined = await act(ctx, badc, id, { action: 'decline', payload: { reason: 'নিকটতম নলকূপ খুব কাছে' } });
    expect(declined.body).toMatchObject({ stage: 'Decline', finalRemarks: 'দূরত্ব কম\nনিকটতম নলকূপ খুব কাছে' });
  });

  it('sends the recheck text only when the setting is ON', async () => {
    const { id } = await insertApplication(ctx, {
      stage: 'Pending',
      seen: { chairman: true, uno: true, badc: true },
      mobile: '01833333333',
    });
    const on = await act(ctx, badc, id, {
      action: 'requestRecheck',
      payload: { on: true, message: 'দাগ নম্বর সংশোধন করুন' },
    });
    expect(on.body).toMatchObject({ stage: 'Pending', recheck: { requested: true, message: 'দাগ নম্বর সংশোধন করুন' } });
    expect(await smsTo('01833333333')).toEqual([
      { kind: 'recheck', body: expect.stringContaining('দাগ নম্বর সংশোধন করুন') },
    ]);

    await updateSettings(ctx.db, { sms_application_recheck: 'OFF' }, { updatedBy: null, now: ctx.clock.now });
    try {
      await act(ctx, badc, id, { action: 'requestRecheck', payload: { on: true, message: 'আবার দেখুন' } });
      expect(await smsTo('01833333333')).toHaveLength(1);
    } finally {
      await updateSettings(ctx.db, { sms_application_recheck: 'ON' }, { updatedBy: null, now: ctx.clock.now });
    }
    const noMessage = await act(ctx, badc, id, { action: 'requestRecheck', payload: { on: true } });
    expect(noMessage.status).toBe(400);
  });

  // Confirming, suspending and reactivating a licence are the licence's own actions
  // (server/src/modules/licences, docs/decisions/022-licence-aggregate.md): its application stays Approved.
  it('issues a 1-year licence as a testing one, and offers no licence action on the application', async () => {
    const { id } = await atApprovable({ mobile: '01844444444' });
    const from = today();
    const testing = await act(ctx, badc, id, {
      action: 'approve',
      payload: { termYears: 1, issuedOn: from, validFrom: from, validTo: addYears(from, 1) },
    });
    expect(testing.body).toMatchObject({
      stage: 'Approved',
      licence: { status: 'testing', validTo: addYears(from, 1) },
    });
    expect(testing.body.allowedActions).toEqual([]);
    expect((await smsTo('01844444444')).map((s) => s.kind)).toEqual(['approved']);
    for (const action of ['suspend', 'confirmTesting', 'reactivate']) {
      const res = await ctx.request(`/api/staff/applications/${id}/actions`, {
        method: 'POST',
        agent: badc,
        json: { action, payload: {}, version: testing.body.version, clientActionId: crypto.randomUUID() },
      });
      expect(res.status, action).toBe(400);
    }
  });

  it('refuses a validity that ends before it starts', async () => {
    const { id } = await atApprovable();
    const res = await act(ctx, badc, id, {
      action: 'approve',
      payload: { termYears: 3, issuedOn: today(), validFrom: today(), validTo: today() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error!.fields!['payload.validTo']).toBe('মেয়াদ শেষের তারিখ শুরুর তারিখের পরে হতে হবে।');
  });

  it('gives parallel approvals different licence numbers', async () => {
    const apps = await Promise.all(Array.from({ length: 8 }, () => atApprovable()));
    const v = { termYears: 3 as const, issuedOn: today(), validFrom: today(), validTo: addYears(today(), 3) };
    const results = await Promise.all(
      apps.map(({ id }) => act(ctx, badc, id, { action: 'approve', payload: v, version: 1 })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const numbers = results.map((r) => r.body.licence!.number);
    expect(new Set(numbers).size).toBe(8);
  });
});

describe('admin override', () => {
  // The override (docs/decisions/008-review-pipeline.md) needs the application it changes: the Admin
  // reads every application through the register (issue 10; docs/decisions/037).
  it('lets the Admin send an application back with a reason, audited', async () => {
    const { id } = await insertApplication(ctx, { stage: 'Pending', seen: { chairman: true, uno: true, badc: true } });
    const res = await act(ctx, admin, id, {
      action: 'override',
      payload: { toStage: 'StepTwo', reason: 'ইউএনও আবার দেখবেন' },
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: 'override',
        from_stage: 'Pending',
        to_stage: 'StepTwo',
        actor_label: admin.email,
      }),
    ]);
    expect((await detail(ctx, badc, id)).stage).toBe('StepTwo');
  });
});

describe('officer files', () => {
  const put = (agent: StaffAgent, id: string, slot: string, bytes = pdfBytes(1)) =>
    ctx.request(`/api/staff/applications/${id}/files/${slot}`, {
      method: 'PUT',
      agent,
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent('পরিদর্শন.pdf') },
    });

  it('takes the inspection report from BADC at the first stage and lists it with a link', async () => {
    const { id } = await insertApplication(ctx, { stage: 'Pending', seen: { chairman: true, uno: true, badc: true } });
    const res = await put(badc, id, 'inspectionReport');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { files: { slot: string; url: string; originalName: string }[] };
    const file = body.files.find((f) => f.slot === 'inspectionReport')!;
    expect(file.originalName).toBe('পরিদর্শন.pdf');
    expect(file.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'uploadFile', note: 'inspectionReport' });
  });

  it('refuses other roles, the wrong stage and bytes that are not a document', async () => {
    const { id } = await insertApplication(ctx, { stage: 'Pending', seen: { chairman: true, uno: true, badc: true } });
    expect((await put(chairman, id, 'inspectionReport')).status).toBe(403);
    expect((await put(badc, id, 'bankSlip')).status).toBe(409);
    expect(
      (await put(badc, id, 'inspectionReport', new TextEncoder().encode('<script>alert(1)</script>'))).status,
    ).toBe(415);
  });
});
