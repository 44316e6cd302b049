import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IntakeResponse, Kind } from '@portal/shared';
import { createTestContext, type Agent, type TestContext } from '../../test/harness.js';
import { approvedLicence, setSettings } from '../licences/licence-test-fixtures.js';
import { verifiedAgent } from '../verification/verification-fixtures.js';
import { changeLicenceHolder } from '../licences/licence.writer.js';
import { createStaffUser } from '../../test/roles.js';
import { changeFields, HOLDER_MOBILE, renewalFields } from './kind-fixtures.js';
import {
  filesFor,
  intakePath,
  jsonOf,
  manifestOf,
  problemOf,
  sendComplete,
  validFields,
  type FileSet,
} from '../applications/intake-fixtures.js';

/**
 * The kinds added to the one intake (decision 023): existing wells, renewals, name and plot
 * changes. Each is sent the way the phone's outbox sends it, to /api/intake/{slug}.
 */
let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

function item(kind: Kind, fields: Record<string, unknown>, files: FileSet, clientId = crypto.randomUUID()) {
  return { clientId, fields, files: manifestOf(files) };
}
const post = (kind: Kind, body: unknown, agent?: Agent) =>
  ctx.request(intakePath(kind), { method: 'POST', json: body, agent });

const row = (id: string) =>
  ctx.db
    .selectFrom('applications')
    .select([
      'kind',
      'licence_id',
      'stage',
      'seen_chairman',
      'seen_uno',
      'seen_badc',
      'intake_status',
      'applicant_name',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const textsTo = (mobile: string) =>
  ctx.db.selectFrom('sms_outbox').select('body').where('to_number', '=', mobile).where('kind', '!=', 'otp').execute();

/** A licence valid from `validFrom` to `validTo`, issued on an application with the holder's mobile. */
const licence = (o: { validFrom?: string; validTo?: string; termYears?: 1 | 3 } = {}) =>
  approvedLicence(ctx, {
    mobile: HOLDER_MOBILE,
    applicantName: 'রহিম উদ্দিন',
    validFrom: o.validFrom ?? '2025-01-01',
    validTo: o.validTo ?? '2027-12-31',
    termYears: o.termYears ?? 3,
  });

describe('POST /api/intake/existing (a well that already runs)', () => {
  it('takes the new form with the bill number and seven files, and completes on the seventh', async () => {
    const files = filesFor('Existing');
    expect(Object.keys(files)).toHaveLength(7);
    const body = item('Existing', validFields({ billNumber: '৯৮৭৬৫' }), files);
    const { id } = await sendComplete(ctx, 'Existing', body, files);
    expect(await row(id)).toMatchObject({ kind: 'Existing', intake_status: 'complete', licence_id: null });
    expect(await textsTo(HOLDER_MOBILE)).toHaveLength(1);
  });

  it('refuses it without the electricity bill or its account number', async () => {
    const files = filesFor('Existing');
    delete files.electricityBill;
    const res = await post('Existing', item('Existing', validFields(), files));
    expect(res.status).toBe(400);
    const { fields } = await problemOf(res);
    expect(Object.keys(fields ?? {})).toEqual(expect.arrayContaining(['fields.billNumber']));
  });

  it('texts "received" only when sms_new_application_submit is ON (the legacy always-text was a defect)', async () => {
    await setSettings(ctx, { sms_new_application_submit: 'OFF' });
    const files = filesFor('Existing', 3);
    await sendComplete(ctx, 'Existing', item('Existing', validFields({ billNumber: '১' }), files), files);
    expect(await textsTo(HOLDER_MOBILE)).toHaveLength(0);
  });
});

describe('POST /api/intake/renew (the holder renews a licence)', () => {
  it('refuses an unknown licence number and a wrong mobile with the same Bangla message on the licence number', async () => {
    const { licenceNumber } = await licence();
    const files = filesFor('Renew');
    const unknown = await post(
      'Renew',
      item('Renew', renewalFields({ licenceNumber: String(licenceNumber + 50) }), files),
    );
    const wrongMobile = await post(
      'Renew',
      item('Renew', renewalFields({ licenceNumber: String(licenceNumber), mobile: '01999999999' }), files),
    );
    for (const res of [unknown, wrongMobile]) {
      expect(res.status).toBe(422);
      const problem = await problemOf(res);
      expect(problem.code).toBe('LICENCE_NOT_RENEWABLE');
      expect(problem.fields?.licenceNumber).toContain('লাইসেন্স নম্বর ও মোবাইল নম্বরে');
    }
    expect(await ctx.db.selectFrom('applications').where('kind', '=', 'Renew').select('id').execute()).toHaveLength(0);
  });

  it('refuses a suspended licence and a testing licence, each with its reason', async () => {
    const suspended = await licence();
    await ctx.db.updateTable('licences').set({ status: 'suspended' }).where('id', '=', suspended.licenceId).execute();
    const res = await post(
      'Renew',
      item('Renew', renewalFields({ licenceNumber: String(suspended.licenceNumber) }), filesFor('Renew')),
    );
    expect(res.status).toBe(422);
    expect((await problemOf(res)).fields?.licenceNumber).toContain('স্থগিত');

    await ctx.db
      .updateTable('licences')
      .set({ status: 'active', is_testing: true })
      .where('id', '=', suspended.licenceId)
      .execute();
    const testing = await post(
      'Renew',
      item('Renew', renewalFields({ licenceNumber: String(suspended.licenceNumber) }), filesFor('Renew')),
    );
    expect(testing.status).toBe(422);
    expect((await problemOf(testing)).fields?.licenceNumber).toContain('পরীক্ষামূলক');
  });

  it('takes an expired licence, names it on the request, and texts the renewal text per sms_renew_application_submit', async () => {
    const { licenceId, licenceNumber } = await licence({ validFrom: '2020-01-01', validTo: '2023-01-01' });
    await setSettings(ctx, { sms_new_application_submit: 'OFF', sms_renew_application_submit: 'ON' });
    const files = filesFor('Renew');
    const { id } = await sendComplete(
      ctx,
      'Renew',
      item('Renew', renewalFields({ licenceNumber: String(licenceNumber) }), files),
      files,
    );
    expect(await row(id)).toMatchObject({ kind: 'Renew', licence_id: licenceId, intake_status: 'complete' });
    const texts = await textsTo(HOLDER_MOBILE);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('নবায়নের আবেদন গৃহীত');
  });

  it('still tells the holder that a renewal was filed when sms_renew_application_submit is OFF', async () => {
    const { licenceNumber } = await licence();
    await setSettings(ctx, { sms_renew_application_submit: 'OFF' });
    const files = filesFor('Renew');
    await sendComplete(
      ctx,
      'Renew',
      item('Renew', renewalFields({ licenceNumber: String(licenceNumber) }), files),
      files,
    );
    // Renewal needs no code: this text is how a holder learns of one filed by someone else.
    const texts = await textsTo(HOLDER_MOBILE);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('আপনি না করে থাকলে');
    expect(texts[0]!.body).not.toContain('নবায়নের আবেদন গৃহীত');
  });
});

describe('POST /api/intake/name-change and /plot-change (after verifying the mobile)', () => {
  it('asks for verification without a grant, and with a grant for another application or purpose', async () => {
    const mine = await licence();
    const other = await licence();
    const files = filesFor('NameChange');
    const fields = changeFields(mine.applicationId, { newApplicantName: 'রহিমা খাতুন' });
    expect((await post('NameChange', item('NameChange', fields, files))).status).toBe(401);

    const appNumber = async (id: string) =>
      (
        await ctx.db
          .selectFrom('applications')
          .select('application_number')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).application_number;
    const forOther = await verifiedAgent(
      ctx,
      { application_number: await appNumber(other.applicationId) },
      HOLDER_MOBILE,
      2,
    );
    const res = await post('NameChange', item('NameChange', fields, files), forOther);
    expect(res.status).toBe(401);
    expect((await problemOf(res)).code).toBe('VERIFICATION_REQUIRED');

    const plotGrant = await verifiedAgent(
      ctx,
      { application_number: await appNumber(mine.applicationId) },
      HOLDER_MOBILE,
      3,
    );
    expect((await post('NameChange', item('NameChange', fields, files), plotGrant)).status).toBe(401);
    expect(
      await ctx.db.selectFrom('applications').where('kind', '=', 'NameChange').select('id').execute(),
    ).toHaveLength(0);
  });

  for (const [kind, purpose, extra] of [
    ['NameChange', 2, { newApplicantName: 'রহিমা খাতুন' }],
    ['PlotChange', 3, { newDagNumber: '৫৭' }],
  ] as const) {
    it(`${kind}: with its grant it starts at the first step, unseen, about the licence; a repeat needs no grant`, async () => {
      await setSettings(ctx, { destination: 'StepThree', autoForwardChairman: 'Seen', autoForwardUNO: 'Seen' });
      const mine = await licence();
      const number = (
        await ctx.db
          .selectFrom('applications')
          .select('application_number')
          .where('id', '=', mine.applicationId)
          .executeTakeFirstOrThrow()
      ).application_number;
      const agent = await verifiedAgent(ctx, { application_number: number }, HOLDER_MOBILE, purpose);
      const files = filesFor(kind);
      const body = item(kind, changeFields(mine.applicationId, extra), files);
      const first = await post(kind, body, agent);
      expect(first.status).toBe(201);
      const answer = await jsonOf<IntakeResponse>(first);
      expect(await row(answer.id)).toMatchObject({
        kind,
        licence_id: mine.licenceId,
        stage: 'StepOne',
        seen_chairman: false,
        seen_uno: false,
        seen_badc: false,
        applicant_name: 'রহিম উদ্দিন',
      });
      // The phone's outbox posts the item again later, maybe after the grant expired: the first answer.
      const repeat = await post(kind, body);
      expect(repeat.status).toBe(200);
      expect((await jsonOf<IntakeResponse>(repeat)).referenceNumber).toBe(answer.referenceNumber);
    });
  }

  it("lists a change under the licence holder's present name, after an approved name change", async () => {
    const mine = await licence();
    const badc = await createStaffUser(ctx, 'BADC');
    await ctx.db.transaction().execute((trx) =>
      changeLicenceHolder(trx, {
        licenceId: mine.licenceId,
        requestId: null,
        change: { field: 'holderName', to: 'রহিমা খাতুন' },
        by: badc.id,
        now: new Date(),
      }),
    );
    const { application_number: number } = await ctx.db
      .selectFrom('applications')
      .select('application_number')
      .where('id', '=', mine.applicationId)
      .executeTakeFirstOrThrow();
    const agent = await verifiedAgent(ctx, { application_number: number }, HOLDER_MOBILE, 3);
    const files = filesFor('PlotChange');
    const res = await post(
      'PlotChange',
      item('PlotChange', changeFields(mine.applicationId, { newDagNumber: '৫৮' }), files),
      agent,
    );
    expect(res.status).toBe(201);
    expect((await row((await jsonOf<IntakeResponse>(res)).id)).applicant_name).toBe('রহিমা খাতুন');
  });

  it('refuses a change about an application that has no licence', async () => {
    const unlicensed = await ctx.db
      .insertInto('applications')
      .values({
        id: crypto.randomUUID(),
        kind: 'New',
        content_hash: 'x',
        fields: JSON.stringify({}),
        file_manifest: JSON.stringify([]),
        mobile: HOLDER_MOBILE,
        intake_status: 'complete',
        created_at: ctx.clock.now,
        updated_at: ctx.clock.now,
      })
      .returning(['id', 'application_number'])
      .executeTakeFirstOrThrow();
    const agent = await verifiedAgent(ctx, unlicensed, HOLDER_MOBILE, 3);
    const files = filesFor('PlotChange');
    const res = await post(
      'PlotChange',
      item('PlotChange', changeFields(unlicensed.id, { newDagNumber: '৯' }), files),
      agent,
    );
    expect(res.status).toBe(409);
    expect((await problemOf(res)).code).toBe('LICENCE_NOT_READY');
  });
});

describe('one protocol for every kind', () => {
  it('answers a repeat once and refuses the same id with other content (409)', async () => {
    const files = filesFor('Existing', 5);
    const body = item('Existing', validFields({ billNumber: '২২' }), files);
    const first = await post('Existing', body);
    expect(first.status).toBe(201);
    const again = await post('Existing', body);
    expect(again.status).toBe(200);
    expect((await jsonOf<IntakeResponse>(again)).referenceNumber).toBe(
      (await jsonOf<IntakeResponse>(first)).referenceNumber,
    );
    const other = await post('Existing', { ...body, fields: validFields({ billNumber: '২৩' }) });
    expect(other.status).toBe(409);
    expect((await problemOf(other)).code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await ctx.db.selectFrom('applications').select('id').execute()).toHaveLength(1);
  });

  it('refuses a slot of another kind in the manifest', async () => {
    const files = { ...filesFor('Complaint'), photo: filesFor('New').photo };
    const res = await post('Complaint', item('Complaint', { name: 'আমিনা', mobile: '01812345678' }, files));
    expect(res.status).toBe(400);
  });
});
