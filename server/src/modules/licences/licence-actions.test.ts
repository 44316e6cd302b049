import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, licenceDocumentSchema, type LicenceActionResult } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { addLicencePeriod, changeLicenceHolder } from './licence.writer.js';
import { approvedLicence, setSettings } from './licence-test-fixtures.js';

/**
 * The licence actions of the licence lists (spec 3 §2 licence screens, §4, §7, §8) as BADC meets
 * them, and what the certificate then shows. Fixed clock: 23 November 2026, 10:00 in Dhaka.
 */
let ctx: TestContext;
let badc: StaffAgent;
const TODAY = '2026-11-23';

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.now = new Date('2026-11-23T04:00:00Z');
  badc = await signInAs(ctx, 'BADC');
  await setSettings(ctx, { webUrl: 'https://sech.example.gov.bd', sms_application_suspend: 'ON' });
});
afterAll(async () => ctx?.close());

type Answer = {
  status: number;
  body: LicenceActionResult & { error?: { code: string; current?: LicenceActionResult } };
};

async function act(
  agent: StaffAgent,
  licenceId: string,
  request: { action: string; payload?: unknown; version?: number; clientActionId?: string; officerId?: number },
): Promise<Answer> {
  const version =
    request.version ??
    (await ctx.db.selectFrom('licences').select('version').where('id', '=', licenceId).executeTakeFirstOrThrow())
      .version;
  const res = await ctx.request(`/api/staff/licences/${licenceId}/actions`, {
    method: 'POST',
    agent,
    json: { clientActionId: crypto.randomUUID(), payload: {}, ...request, version },
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const current = { validFrom: '2025-06-01', validTo: '2028-06-01' };
const testing = { termYears: 1 as const, validFrom: '2026-06-01', validTo: '2027-06-01' };

async function periodsOf(licenceId: string) {
  return ctx.db
    .selectFrom('licence_periods')
    .select(['valid_from', 'valid_to', 'issued_on'])
    .where('licence_id', '=', licenceId)
    .orderBy('id')
    .execute();
}
async function auditOf(licenceId: string) {
  return ctx.db
    .selectFrom('audit_log')
    .select(['action', 'from_stage', 'to_stage', 'note', 'actor_user_id'])
    .where('licence_id', '=', licenceId)
    .execute();
}
async function textsTo(mobile: string) {
  return ctx.db.selectFrom('sms_outbox').select(['body', 'kind']).where('to_number', '=', mobile).execute();
}

describe('confirm, suspend and reactivate (BADC)', () => {
  it('confirms a testing licence as a regular one for 3 years from today, with a new period and an audit row', async () => {
    const l = await approvedLicence(ctx, testing);
    const { status, body } = await act(badc, l.licenceId, { action: 'confirm' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: l.licenceId, number: l.licenceNumber, status: 'active', validFrom: TODAY });
    expect(body.validTo).toBe(addYears(TODAY, 3));
    expect((await periodsOf(l.licenceId)).map((p) => p.valid_from)).toEqual([testing.validFrom, TODAY]);
    expect(await auditOf(l.licenceId)).toEqual([
      { action: 'licence.confirm', from_stage: 'testing', to_stage: 'active', note: null, actor_user_id: badc.id },
    ]);
  });

  it('suspends with the note, texts the holder when the setting is on, and the certificate says suspended', async () => {
    const mobile = '01711000001';
    const l = await approvedLicence(ctx, { ...current, mobile });
    const { status, body } = await act(badc, l.licenceId, {
      action: 'suspend',
      payload: { note: 'অনুমতি ছাড়া স্থানান্তর' },
    });
    expect(status).toBe(200);
    expect(body.status).toBe('suspended');
    const texts = await textsTo(mobile);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('অনুমতি ছাড়া স্থানান্তর');
    expect(texts[0]!.body).toContain('sech.example.gov.bd থেকে');

    const doc = licenceDocumentSchema.parse(
      await (await ctx.request(`/api/staff/licences/${l.applicationId}`, { agent: badc })).json(),
    );
    expect(doc.status).toBe('suspended');
    expect(doc.suspendNote).toBe('অনুমতি ছাড়া স্থানান্তর');
    expect(await auditOf(l.licenceId)).toMatchObject([{ action: 'licence.suspend', note: 'অনুমতি ছাড়া স্থানান্তর' }]);
  });

  it('queues no suspension text when sms_application_suspend is OFF', async () => {
    const mobile = '01711000002';
    const l = await approvedLicence(ctx, { ...current, mobile });
    await setSettings(ctx, { sms_application_suspend: 'OFF' });
    try {
      const { status } = await act(badc, l.licenceId, { action: 'suspend', payload: { note: 'কারণ' } });
      expect(status).toBe(200);
      expect(await textsTo(mobile)).toEqual([]);
      // The Suspend dialog tells BADC beforehand that no text will go.
      const told = await ctx.request('/api/staff/licence-settings', { agent: badc });
      expect(await told.json()).toEqual({ suspendText: false });
    } finally {
      await setSettings(ctx, { sms_application_suspend: 'ON' });
    }
  });

  it('suspends an expired licence, which nobody had to mark expired', async () => {
    const l = await approvedLicence(ctx, { validFrom: '2022-01-10', validTo: '2025-01-10' });
    const doc = licenceDocumentSchema.parse(
      await (await ctx.request(`/api/staff/licences/${l.applicationId}`, { agent: badc })).json(),
    );
    expect(doc.status).toBe('expired');
    const { status, body } = await act(badc, l.licenceId, { action: 'suspend', payload: { note: 'মেয়াদ শেষ' } });
    expect(status).toBe(200);
    expect(body.status).toBe('suspended');
  });

  it('re-activates with today and today + 3 years by default, clearing the note, or with the typed dates', async () => {
    const l = await approvedLicence(ctx, current);
    await act(badc, l.licenceId, { action: 'suspend', payload: { note: 'কারণ' } });
    const { status, body } = await act(badc, l.licenceId, { action: 'reactivate' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'active', validFrom: TODAY, validTo: addYears(TODAY, 3) });
    const row = await ctx.db
      .selectFrom('licences')
      .select('suspend_note')
      .where('id', '=', l.licenceId)
      .executeTakeFirstOrThrow();
    expect(row.suspend_note).toBeNull();

    await act(badc, l.licenceId, { action: 'suspend', payload: { note: 'আবার' } });
    const typed = await act(badc, l.licenceId, {
      action: 'reactivate',
      payload: { validFrom: '2026-12-01', validTo: '2028-12-01' },
    });
    expect(typed.body).toMatchObject({ status: 'active', validFrom: '2026-12-01', validTo: '2028-12-01' });
    expect((await periodsOf(l.licenceId)).map((p) => p.valid_from)).toEqual([current.validFrom, TODAY, '2026-12-01']);
  });

  it('refuses an end date before the start date with a Bangla message, changing nothing', async () => {
    const l = await approvedLicence(ctx, current);
    await act(badc, l.licenceId, { action: 'suspend', payload: { note: 'কারণ' } });
    const res = await act(badc, l.licenceId, {
      action: 'reactivate',
      payload: { validFrom: '2026-12-01', validTo: '2026-11-01' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('শেষের তারিখ শুরুর তারিখের পরে হতে হবে');
  });
});

describe('refusals', () => {
  it('answers 409 ACTION_NOT_ALLOWED for an action the status does not allow', async () => {
    const l = await approvedLicence(ctx, current);
    const confirm = await act(badc, l.licenceId, { action: 'confirm' });
    expect(confirm.status).toBe(409);
    expect(confirm.body.error!.code).toBe('ACTION_NOT_ALLOWED');
    const reactivate = await act(badc, l.licenceId, { action: 'reactivate' });
    expect(reactivate.body.error!.code).toBe('ACTION_NOT_ALLOWED');
    expect(await auditOf(l.licenceId)).toEqual([]);
  });

  it('answers 409 STALE_STATE with the licence as it is now to a decision made on an old version', async () => {
    const l = await approvedLicence(ctx, current);
    const first = await act(badc, l.licenceId, { action: 'suspend', payload: { note: 'প্রথম' } });
    const stale = await act(badc, l.licenceId, { action: 'suspend', payload: { note: 'দ্বিতীয়' }, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error!.code).toBe('STALE_STATE');
    expect(stale.body.error!.current).toMatchObject({ status: 'suspended', version: first.body.version });
  });

  it('answers a repeated client action id once, with the first answer', async () => {
    const mobile = '01711000003';
    const l = await approvedLicence(ctx, { ...current, mobile });
    const request = { action: 'suspend', payload: { note: 'একবার' }, clientActionId: crypto.randomUUID(), version: 1 };
    const first = await act(badc, l.licenceId, request);
    const again = await act(badc, l.licenceId, request);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await auditOf(l.licenceId)).toHaveLength(1);
    expect(await textsTo(mobile)).toHaveLength(1);
  });

  it('refuses the Chairman (403) and a decision queued by another officer (OFFICER_MISMATCH)', async () => {
    const l = await approvedLicence(ctx, current);
    const chairman = await signInAs(ctx, 'Chairman');
    const refused = await act(chairman, l.licenceId, { action: 'suspend', payload: { note: 'না' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error!.code).toBe('FORBIDDEN');
    const other = await act(badc, l.licenceId, {
      action: 'suspend',
      payload: { note: 'না' },
      officerId: badc.id + 999,
    });
    expect(other.status).toBe(403);
    expect(other.body.error!.code).toBe('OFFICER_MISMATCH');
    expect(await auditOf(l.licenceId)).toEqual([]);
  });
});

describe('the certificate shows the licence’s own record', () => {
  it('shows the new holder name after an approved name change, with the old one in the history', async () => {
    const l = await approvedLicence(ctx, { ...current, applicantName: 'পুরনো নাম' });
    await ctx.db.transaction().execute((trx) =>
      changeLicenceHolder(trx, {
        licenceId: l.licenceId,
        requestId: null,
        change: { field: 'holderName', to: 'নতুন নাম' },
        by: badc.id,
        now: ctx.clock.now,
      }),
    );
    const doc = licenceDocumentSchema.parse(
      await (await ctx.request(`/api/staff/licences/${l.applicationId}`, { agent: badc })).json(),
    );
    expect(doc.applicantName).toBe('নতুন নাম');
    expect(doc.changes).toEqual([{ field: 'holderName', from: 'পুরনো নাম', to: 'নতুন নাম', on: TODAY }]);
  });

  it('lists the first period and the renewals on the back, the latest six', async () => {
    const l = await approvedLicence(ctx, { validFrom: '2008-01-01', validTo: '2011-01-01' });
    for (let year = 2011; year <= 2026; year += 3) {
      await ctx.db.transaction().execute((trx) =>
        addLicencePeriod(trx, {
          licenceId: l.licenceId,
          requestId: null,
          issuedOn: `${year}-01-01`,
          validFrom: `${year}-01-01`,
          validTo: `${year + 3}-01-01`,
          by: badc.id,
          now: ctx.clock.now,
        }),
      );
    }
    const doc = licenceDocumentSchema.parse(
      await (await ctx.request(`/api/staff/licences/${l.applicationId}`, { agent: badc })).json(),
    );
    expect(doc.periods).toHaveLength(6);
    expect(doc.periods[0]).toEqual({ validFrom: '2011-01-01', validTo: '2014-01-01' });
    expect(doc.periods[5]).toEqual({ validFrom: '2026-01-01', validTo: '2029-01-01' });
    expect([doc.validFrom, doc.validTo, doc.status]).toEqual(['2026-01-01', '2029-01-01', 'active']);
  });
});
