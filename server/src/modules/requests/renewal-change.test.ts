import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, todayInDhaka, type QueuePage } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { issueLicence } from '../licences/licence.writer.js';
import { updateSettings } from '../settings/settings.repository.js';
import { act, detail, insertApplication } from './request-fixtures.js';

/**
 * Renewals and name/plot changes through the one review engine (docs/decisions/021-review-engine-by-kind.md):
 * their lists per role, forward and Forward All, BADC's decisions and what they do to the licence,
 * and the same stale-version, repeat and wrong-stage answers as the new-licence review.
 */
let ctx: TestContext;
let chairman: StaffAgent, uno: StaffAgent, badc: StaffAgent, pollibidut: StaffAgent;
/** A fixed "now": 21 November 2026, 10:00 in Dhaka. */
const NOW = new Date('2026-11-21T04:00:00Z');
const today = () => todayInDhaka(NOW);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.now = NOW;
  [chairman, uno, badc, pollibidut] = await Promise.all([
    signInAs(ctx, 'Chairman'),
    signInAs(ctx, 'UNO'),
    signInAs(ctx, 'BADC'),
    signInAs(ctx, 'Pollibidut'),
  ]);
});
afterAll(() => ctx.close());

/** A licence issued the way an approval issues it (LICENCES' writer), valid until `validTo`. */
async function aLicence(holder: string, validTo: string, opts: { suspended?: boolean } = {}) {
  const app = await insertApplication(ctx, {
    applicantName: holder,
    dagNumber: '120',
    stage: 'Approved',
    seen: { chairman: true, uno: true, badc: true },
  });
  const { licenceId, licenceNumber } = await ctx.db.transaction().execute((trx) =>
    issueLicence(trx, {
      applicationId: app.id,
      termYears: 3,
      issuedOn: addYears(validTo, -3),
      validFrom: addYears(validTo, -3),
      validTo,
      by: badc.id,
      now: NOW,
    }),
  );
  if (opts.suspended)
    await ctx.db
      .updateTable('licences')
      .set({ status: 'suspended', suspend_note: 'শর্ত ভঙ্গ' })
      .where('id', '=', licenceId)
      .execute();
  return { licenceId, licenceNumber };
}

const RENEWAL_FIELDS = { applicationFee: '1500', receiptNumber: 'R-77' };
const seenUpTo = (level: 'none' | 'chairman' | 'uno') => ({ chairman: level !== 'none', uno: level === 'uno' });
const checks = (no: Record<number, string> = {}) =>
  Array.from({ length: 6 }, (_, i) => (no[i + 1] ? { ok: false, reason: no[i + 1] } : { ok: true }));
const marks = () => Array.from({ length: 7 }, (_, i) => (i === 2 ? { ok: false, note: 'ছবি অস্পষ্ট' } : { ok: true }));

async function list(agent: StaffAgent, queue: string, query: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString();
  const res = await ctx.request(`/api/staff/queues/${queue}${qs ? `?${qs}` : ''}`, { agent });
  return { status: res.status, body: (await res.json()) as QueuePage };
}
const auditOf = (id: string) =>
  ctx.db
    .selectFrom('audit_log')
    .select(['action', 'from_stage', 'to_stage'])
    .where('application_id', '=', id)
    .orderBy('id')
    .execute();
const smsTo = (mobile: string) =>
  ctx.db.selectFrom('sms_outbox').select(['kind', 'body']).where('to_number', '=', mobile).orderBy('id').execute();

describe('renewal lists, per role', () => {
  it('shows the Chairman its unseen renewals with the licence, fee and receipt, and refuses it BADC’s list', async () => {
    const { licenceId, licenceNumber } = await aLicence('করিম মিয়া', addYears(today(), -1));
    const { id } = await insertApplication(ctx, {
      kind: 'Renew',
      licenceId,
      applicantName: 'করিম মিয়া',
      fields: RENEWAL_FIELDS,
    });
    const page = await list(chairman, 'chairman-renew-unseen');
    expect(page.status).toBe(200);
    expect(page.body.rows.find((r) => r.id === id)).toMatchObject({
      kind: 'Renew',
      licenceId,
      licenceNumber,
      licenceStatus: 'expired',
      applicationFee: '1500',
      receiptNumber: 'R-77',
    });
    // A renewal is on no new-application list.
    expect((await list(chairman, 'chairman-unseen')).body.rows.map((r) => r.id)).not.toContain(id);
    // Found by its licence number.
    expect(
      (await list(chairman, 'chairman-renew-unseen', { q: String(licenceNumber) })).body.rows.map((r) => r.id),
    ).toEqual([id]);
    expect((await list(chairman, 'badc-renew-unseen')).status).toBe(403);
    expect((await list(badc, 'chairman-renew-unseen')).status).toBe(403);
    expect((await list(pollibidut, 'uno-renew-seen')).status).toBe(403);
  });
});

describe('a renewal through the pipeline', () => {
  it('is forwarded twice, then approved by BADC: the licence gets the new period and the certificate a history row', async () => {
    const oldTo = addYears(today(), -1);
    const { licenceId } = await aLicence('হাসান আলী', oldTo);
    const { id } = await insertApplication(ctx, {
      kind: 'Renew',
      licenceId,
      mobile: '01900000001',
      fields: RENEWAL_FIELDS,
    });

    expect((await act(ctx, chairman, id, { action: 'forward', payload: {} })).body).toMatchObject({ stage: 'StepTwo' });
    expect((await act(ctx, uno, id, { action: 'forward', payload: {} })).body).toMatchObject({ stage: 'StepThree' });
    const atBadc = await detail(ctx, badc, id);
    expect(atBadc).toMatchObject({
      kind: 'Renew',
      allowedActions: ['decideRenewal'],
      licence: { id: licenceId, status: 'expired' },
    });
    expect((await list(badc, 'badc-renew-unseen')).body.rows.map((r) => r.id)).toContain(id);

    const validFrom = today();
    const validTo = addYears(validFrom, 3);
    const approved = await act(ctx, badc, id, {
      action: 'decideRenewal',
      payload: { checks: checks({ 6: 'রশিদ অস্পষ্ট' }), approve: true, issuedOn: validFrom, validFrom, validTo },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      stage: 'Approved',
      seen: { chairman: true, uno: true, badc: true },
      licence: { id: licenceId, status: 'active', validFrom, validTo },
      allowedActions: [],
    });
    expect(approved.body.renewalChecks).toHaveLength(6);
    expect(approved.body.renewalChecks![5]).toEqual({ ok: false, reason: 'রশিদ অস্পষ্ট' });
    const periods = await ctx.db
      .selectFrom('licence_periods')
      .select(['valid_from', 'valid_to', 'request_id'])
      .where('licence_id', '=', licenceId)
      .orderBy('id')
      .execute();
    expect(periods.map((p) => p.valid_to)).toEqual([oldTo, validTo]);
    expect(periods.at(-1)!.request_id).toBe(id);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['forward', 'forward', 'decideRenewal']);
    expect(await smsTo('01900000001')).toEqual([{ kind: 'approved', body: expect.stringContaining('নবায়নের') }]);
    expect((await list(badc, 'badc-renew-seen')).body.rows.map((r) => r.id)).toContain(id);
  });

  it('is declined with the reason, texted, and listed on the rejected list by its licence number', async () => {
    const { licenceId, licenceNumber } = await aLicence('রাশেদ', addYears(today(), 1));
    const { id } = await insertApplication(ctx, {
      kind: 'Renew',
      licenceId,
      stage: 'StepThree',
      seen: seenUpTo('uno'),
      mobile: '01900000002',
    });
    const declined = await act(ctx, badc, id, {
      action: 'decideRenewal',
      payload: { checks: checks({ 1: 'ছবি নেই' }), approve: false, reason: 'জমা রশিদ জাল' },
    });
    expect(declined.body).toMatchObject({
      stage: 'Decline',
      finalRemarks: 'জমা রশিদ জাল',
      licence: { validTo: addYears(today(), 1) },
    });
    expect(await smsTo('01900000002')).toEqual([{ kind: 'declined', body: expect.stringContaining('জমা রশিদ জাল') }]);
    const rejected = await list(pollibidut, 'rejected', { q: String(licenceNumber) });
    expect(rejected.body.rows.map((r) => [r.id, r.kind, r.licenceNumber])).toEqual([[id, 'Renew', licenceNumber]]);
  });

  it('refuses to renew a suspended licence with 409 and a Bangla reason, changing nothing', async () => {
    const { licenceId } = await aLicence('স্থগিত মালিক', addYears(today(), 1), { suspended: true });
    const { id } = await insertApplication(ctx, {
      kind: 'Renew',
      licenceId,
      stage: 'StepThree',
      seen: seenUpTo('uno'),
    });
    const res = await act(ctx, badc, id, {
      action: 'decideRenewal',
      payload: {
        checks: checks(),
        approve: true,
        issuedOn: today(),
        validFrom: today(),
        validTo: addYears(today(), 3),
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
      fields: { licence: expect.stringContaining('স্থগিত') },
    });
    expect(await auditOf(id)).toEqual([]);
    expect((await detail(ctx, badc, id)).stage).toBe('StepThree');
  });

  it('refuses six checks with a "no" and no reason, and a validity that ends before it starts', async () => {
    const { licenceId } = await aLicence('যাচাই', addYears(today(), 1));
    const { id } = await insertApplication(ctx, {
      kind: 'Renew',
      licenceId,
      stage: 'StepThree',
      seen: seenUpTo('uno'),
    });
    const noReason = await act(ctx, badc, id, {
      action: 'decideRenewal',
      payload: { checks: [{ ok: false }, ...checks().slice(1)], approve: false, reason: 'x' },
    });
    expect(noReason.status).toBe(400);
    const backwards = await act(ctx, badc, id, {
      action: 'decideRenewal',
      payload: { checks: checks(), approve: true, issuedOn: today(), validFrom: today(), validTo: today() },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error!.fields!['payload.validTo']).toBe('মেয়াদ শেষের তারিখ শুরুর তারিখের পরে হতে হবে।');
  });
});

describe('name and plot changes', () => {
  it('forwards every unseen change at once (Forward All) for the Chairman, then the UNO, onto BADC’s pending list', async () => {
    const { licenceId } = await aLicence('চেঞ্জ', addYears(today(), 2));
    const ids = await Promise.all(
      [0, 1, 2].map(
        async () =>
          (await insertApplication(ctx, { kind: 'NameChange', licenceId, fields: { newApplicantName: 'নতুন নাম' } })).id,
      ),
    );
    const newApp = await insertApplication(ctx);
    const send = (agent: StaffAgent, queue: string, clientActionId = crypto.randomUUID()) =>
      ctx.request(`/api/staff/queues/${queue}/forward-all`, { method: 'POST', agent, json: { clientActionId } });
    expect((await send(uno, 'chairman-change-unseen')).status).toBe(403);
    const key = crypto.randomUUID();
    const first = await send(chairman, 'chairman-change-unseen', key);
    expect(await first.json()).toEqual({ forwarded: 3 });
    expect(await (await send(chairman, 'chairman-change-unseen', key)).json()).toEqual({ forwarded: 3 });
    // A new application at the Chairman's stage is not a change: it stays where it was.
    expect((await detail(ctx, chairman, newApp.id)).stage).toBe('StepOne');
    expect((await list(uno, 'uno-change-unseen')).body.rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(await (await send(uno, 'uno-change-unseen')).json()).toEqual({ forwarded: 3 });
    const pending = (await list(badc, 'change-pending')).body.rows.map((r) => r.id);
    expect(pending).toEqual(expect.arrayContaining(ids));
    for (const id of ids) expect((await auditOf(id)).map((a) => a.to_stage)).toEqual(['StepTwo', 'Pending']);
  });

  it('approves a name change: the licence shows the new holder, its history keeps the old one', async () => {
    const { licenceId } = await aLicence('পুরনো নাম', addYears(today(), 2));
    const { id } = await insertApplication(ctx, {
      kind: 'NameChange',
      licenceId,
      stage: 'Pending',
      seen: seenUpTo('uno'),
      mobile: '01900000003',
      fields: { newApplicantName: 'নতুন নাম' },
    });
    const before = await detail(ctx, badc, id);
    expect(before).toMatchObject({
      allowedActions: ['decideChange'],
      change: { field: 'holderName', from: 'পুরনো নাম', to: 'নতুন নাম' },
    });
    const approved = await act(ctx, badc, id, { action: 'decideChange', payload: { marks: marks(), approve: true } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      stage: 'Approved',
      licence: { id: licenceId, holderName: 'নতুন নাম' },
      change: { field: 'holderName', from: 'পুরনো নাম', to: 'নতুন নাম' },
    });
    expect(approved.body.changeMarks![2]).toEqual({ ok: false, note: 'ছবি অস্পষ্ট' });
    const history = await ctx.db
      .selectFrom('licence_changes')
      .select(['field', 'from_value', 'to_value', 'request_id'])
      .where('licence_id', '=', licenceId)
      .execute();
    expect(history).toEqual([{ field: 'holderName', from_value: 'পুরনো নাম', to_value: 'নতুন নাম', request_id: id }]);
    expect((await list(badc, 'change-approved')).body.rows.find((r) => r.id === id)).toMatchObject({
      holderName: 'নতুন নাম',
    });
    expect(await smsTo('01900000003')).toEqual([{ kind: 'approved', body: expect.stringContaining('নাম পরিবর্তনের') }]);
  });

  it('approves a plot change: the licence’s dag number changes, the old one kept', async () => {
    const { licenceId } = await aLicence('দাগ মালিক', addYears(today(), 2));
    const { id } = await insertApplication(ctx, {
      kind: 'PlotChange',
      licenceId,
      stage: 'Pending',
      seen: seenUpTo('uno'),
      fields: { newDagNumber: '৭৭৭' },
    });
    const approved = await act(ctx, badc, id, { action: 'decideChange', payload: { marks: marks(), approve: true } });
    expect(approved.body).toMatchObject({
      licence: { dagNumber: '৭৭৭', holderName: 'দাগ মালিক' },
      change: { from: '120', to: '৭৭৭' },
    });
    const history = await ctx.db
      .selectFrom('licence_changes')
      .select(['from_value'])
      .where('licence_id', '=', licenceId)
      .execute();
    expect(history).toEqual([{ from_value: '120' }]);
  });

  it('declines a change without a reason, leaves the licence alone, and texts only when its setting is ON', async () => {
    const { licenceId } = await aLicence('অপরিবর্তিত', addYears(today(), 2));
    const seed = {
      kind: 'NameChange' as const,
      licenceId,
      stage: 'Pending' as const,
      seen: seenUpTo('uno'),
      fields: { newApplicantName: 'অন্য' },
    };
    const a = await insertApplication(ctx, { ...seed, mobile: '01900000004' });
    const declined = await act(ctx, badc, a.id, {
      action: 'decideChange',
      payload: { marks: marks(), approve: false },
    });
    expect(declined.body).toMatchObject({ stage: 'Decline', licence: { holderName: 'অপরিবর্তিত' } });
    expect((await smsTo('01900000004')).map((s) => s.kind)).toEqual(['declined']);
    expect((await list(badc, 'change-decline')).body.rows.map((r) => r.id)).toContain(a.id);

    await updateSettings(ctx.db, { sms_change_decline: 'OFF' }, { updatedBy: null, now: NOW });
    try {
      const b = await insertApplication(ctx, { ...seed, mobile: '01900000005' });
      await act(ctx, badc, b.id, {
        action: 'decideChange',
        payload: { marks: marks(), approve: false, reason: 'দলিল মেলেনি' },
      });
      expect(await smsTo('01900000005')).toEqual([]);
    } finally {
      await updateSettings(ctx.db, { sms_change_decline: 'ON' }, { updatedBy: null, now: NOW });
    }
  });
});

describe('stale, repeated and wrong-stage actions on renewals and changes', () => {
  it('refuses a decision on an older version with 409 STALE_STATE and the current state', async () => {
    const { licenceId } = await aLicence('পুরনো সংস্করণ', addYears(today(), 2));
    const { id } = await insertApplication(ctx, { kind: 'Renew', licenceId });
    await act(ctx, chairman, id, { action: 'forward', payload: {} });
    const stale = await act(ctx, chairman, id, { action: 'forward', payload: {}, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'STALE_STATE', current: { id, stage: 'StepTwo', version: 2 } });
  });

  it('answers a repeated clientActionId once: one audit row, one change in the licence history', async () => {
    const { licenceId } = await aLicence('একবার', addYears(today(), 2));
    const { id } = await insertApplication(ctx, {
      kind: 'NameChange',
      licenceId,
      stage: 'Pending',
      seen: seenUpTo('uno'),
      fields: { newApplicantName: 'দুবার নয়' },
    });
    const request = {
      action: 'decideChange' as const,
      payload: { marks: marks(), approve: true as const },
      version: 1,
      clientActionId: crypto.randomUUID(),
    };
    const first = await act(ctx, badc, id, request);
    const again = await act(ctx, badc, id, request);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await auditOf(id)).toHaveLength(1);
    expect(
      await ctx.db.selectFrom('licence_changes').select('id').where('licence_id', '=', licenceId).execute(),
    ).toHaveLength(1);
  });

  it('refuses an action of another pipeline or at the wrong stage with 409, and another role’s with 403', async () => {
    const { licenceId } = await aLicence('ভুল ধাপ', addYears(today(), 2));
    const renewal = await insertApplication(ctx, {
      kind: 'Renew',
      licenceId,
      stage: 'StepTwo',
      seen: seenUpTo('chairman'),
    });
    const early = await act(ctx, badc, renewal.id, {
      action: 'decideRenewal',
      payload: { checks: checks(), approve: false, reason: 'x' },
      version: 1,
    });
    // BADC reads it through the register (docs/decisions/037), but decides only at its own level.
    expect(early.status).toBe(409);
    expect(early.body.error!.code).toBe('ACTION_NOT_ALLOWED');
    const atBadc = await insertApplication(ctx, {
      kind: 'Renew',
      licenceId,
      stage: 'StepThree',
      seen: seenUpTo('uno'),
    });
    const wrongPipeline = await act(ctx, badc, atBadc.id, {
      action: 'inspect',
      payload: { checklist: Array(7).fill({ ok: true }) },
    });
    expect(wrongPipeline.status).toBe(409);
    expect(wrongPipeline.body.error!.code).toBe('ACTION_NOT_ALLOWED');
    const change = await insertApplication(ctx, {
      kind: 'PlotChange',
      licenceId,
      stage: 'StepTwo',
      seen: seenUpTo('chairman'),
      fields: { newDagNumber: '1' },
    });
    const byChairman = await act(ctx, chairman, change.id, { action: 'forward', payload: {} });
    expect(byChairman.status).toBe(409);
    const byUnoDecide = await act(ctx, uno, change.id, {
      action: 'decideChange',
      payload: { marks: marks(), approve: true },
    });
    expect(byUnoDecide.status).toBe(403);
    expect(await auditOf(change.id)).toEqual([]);
  });
});
