import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CitizenForm, ProblemBody } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { jpegBytes, jpegOfSize, pdfBytes } from '../applications/intake-fixtures.js';
import { verifiedAgent } from '../verification/verification-fixtures.js';
import { insertReviewedApplication, NID_AND_MAP_MARKED_NO, putBytes } from './citizen-fixtures.js';

const MOBILE = '01712345678';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const problemOf = async (res: Response) => ((await res.json()) as ProblemBody).error;
const auditOf = (applicationId: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('application_id', '=', applicationId).orderBy('id').execute();

describe('GET /api/citizen/application/form (the panels after verification)', () => {
  it("gives the verified applicant the kind's documents with BADC's answer and note, and nobody else's application", async () => {
    const app = await insertReviewedApplication(ctx, {
      mobile: MOBILE,
      recheck: { message: 'দুটি কাগজ আবার দিন' },
      checklist: NID_AND_MAP_MARKED_NO,
    });
    await insertReviewedApplication(ctx, { mobile: '01812345678' });
    expect((await ctx.request('/api/citizen/application/form')).status).toBe(401);

    const agent = await verifiedAgent(ctx, app, MOBILE, 1);
    const res = await ctx.request('/api/citizen/application/form', { agent });
    expect(res.status).toBe(200);
    const form = (await res.json()) as CitizenForm;
    expect(form).toMatchObject({
      id: app.id,
      kind: 'New',
      applicationNumber: app.application_number,
      stage: 'Pending',
      licence: null,
      recheck: { requested: true, message: 'দুটি কাগজ আবার দিন' },
      consent: { officeForm: false, uploaded: false, open: false },
    });
    expect(form.fields.village).toBe('কানসাট');
    expect(form.files.map((f) => f.slot)).toEqual([
      'photo',
      'signature',
      'nid',
      'landRecord',
      'landTaxReceipt',
      'mouzaMap',
    ]);
    expect(form.files[2]).toEqual({ slot: 'nid', ok: false, note: 'জাতীয় পরিচয়পত্রের কপি অস্পষ্ট', present: true });
    expect(form.files[0]).toMatchObject({ slot: 'photo', ok: true, note: null });
    expect(form.editableFields).toContain('village');
    expect(form.editableFields).not.toContain('mobile');
  });
});

describe('amendment after a recheck request (/verification/4)', () => {
  async function setUp(opts: { recheck?: boolean } = {}) {
    const app = await insertReviewedApplication(ctx, {
      mobile: MOBILE,
      stage: 'NotApprovable',
      recheck: opts.recheck === false ? null : { message: 'কাগজ অস্পষ্ট' },
      checklist: NID_AND_MAP_MARKED_NO,
    });
    const agent = await verifiedAgent(ctx, app, MOBILE, 4);
    return { app, agent };
  }

  it('refuses every write when BADC has not asked for a recheck, and with a grant of another service', async () => {
    const { app, agent } = await setUp({ recheck: false });
    const put = await ctx.request('/api/citizen/application/fields', {
      method: 'PUT',
      agent,
      json: { fields: { village: 'নতুন গ্রাম' } },
    });
    expect(put.status).toBe(409);
    expect((await problemOf(put)).code).toBe('RECHECK_CLOSED');
    const file = await putBytes(ctx, '/api/citizen/application/files/nid', agent, pdfBytes(5), 'application/pdf');
    expect(file.status).toBe(409);
    const done = await ctx.request('/api/citizen/application/amendment/submit', { method: 'POST', agent });
    expect(done.status).toBe(409);

    const other = await insertReviewedApplication(ctx, {
      mobile: '01912345678',
      recheck: { message: 'x' },
      checklist: NID_AND_MAP_MARKED_NO,
    });
    const statusOnly = await verifiedAgent(ctx, other, '01912345678', 1);
    const refused = await ctx.request('/api/citizen/application/fields', {
      method: 'PUT',
      agent: statusOnly,
      json: { fields: { village: 'নতুন গ্রাম' } },
    });
    expect(refused.status).toBe(401);
    const row = await ctx.db
      .selectFrom('applications')
      .select('fields')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row.fields.village).toBe('কানসাট');
    expect((await auditOf(app.id)).filter((a) => a.action.startsWith('amend'))).toEqual([]);
  });

  it("saves corrected fields through the kind's rules, audits the change, and keeps the mobile out of reach", async () => {
    const { app, agent } = await setUp();
    const bad = await ctx.request('/api/citizen/application/fields', {
      method: 'PUT',
      agent,
      json: { fields: { village: '', mouza: 'নতুন মৌজা' } },
    });
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).fields?.['fields.village']).toMatch(/[\u0980-\u09FF]/);
    const mobile = await ctx.request('/api/citizen/application/fields', {
      method: 'PUT',
      agent,
      json: { fields: { mobile: '01999999999' } },
    });
    expect(mobile.status).toBe(400);
    expect((await problemOf(mobile)).fields?.['fields.mobile']).toBeTruthy();

    const ok = await ctx.request('/api/citizen/application/fields', {
      method: 'PUT',
      agent,
      json: { fields: { village: 'নতুন গ্রাম', jlNumber: '৭৮', mobile: MOBILE } },
    });
    expect(ok.status).toBe(200);
    const form = (await ok.json()) as CitizenForm;
    expect(form.fields).toMatchObject({ village: 'নতুন গ্রাম', jlNumber: '78', mouza: 'কানসাট' });
    const row = await ctx.db
      .selectFrom('applications')
      .select(['village', 'jl_number', 'mobile', 'stage', 'version'])
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      village: 'নতুন গ্রাম',
      jl_number: '78',
      mobile: MOBILE,
      stage: 'NotApprovable',
      version: 1,
    });
    const audit = (await auditOf(app.id)).filter((a) => a.action === 'amendFields');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_label: 'citizen', note: 'গ্রাম, জে.এল. নম্বর' });
    expect(audit[0]!.details).toMatchObject({
      changed: ['village', 'jlNumber'],
      before: { village: 'কানসাট', jlNumber: '12' },
      after: { village: 'নতুন গ্রাম', jlNumber: '78' },
    });
  });

  it('replaces only the documents marked No, each checked and audited with the old and new file', async () => {
    const { app, agent } = await setUp();
    const yes = await putBytes(ctx, '/api/citizen/application/files/landRecord', agent, pdfBytes(7), 'application/pdf');
    expect(yes.status).toBe(409);
    expect((await problemOf(yes)).code).toBe('AMEND_FILE_NOT_MARKED');
    expect(
      (await putBytes(ctx, '/api/citizen/application/files/bankSlip', agent, pdfBytes(7), 'application/pdf')).status,
    ).toBe(404);

    const big = await jpegOfSize(1_600_000);
    expect((await putBytes(ctx, '/api/citizen/application/files/nid', agent, big, 'image/jpeg')).status).toBe(413);
    const text = new TextEncoder().encode('not a document at all');
    expect((await putBytes(ctx, '/api/citizen/application/files/nid', agent, text, 'application/pdf')).status).toBe(
      415,
    );

    const before = await ctx.db
      .selectFrom('application_files as f')
      .innerJoin('blobs as b', 'b.id', 'f.blob_id')
      .select(['f.id', 'b.sha256'])
      .where('f.application_id', '=', app.id)
      .where('f.slot', '=', 'nid')
      .executeTakeFirstOrThrow();
    const res = await putBytes(ctx, '/api/citizen/application/files/nid', agent, jpegBytes(42), 'image/jpeg');
    expect(res.status).toBe(200);
    const after = await ctx.db
      .selectFrom('application_files as f')
      .innerJoin('blobs as b', 'b.id', 'f.blob_id')
      .select(['f.id', 'b.sha256', 'b.mime'])
      .where('f.application_id', '=', app.id)
      .where('f.slot', '=', 'nid')
      .executeTakeFirstOrThrow();
    expect(after.id).not.toBe(before.id);
    expect(after.mime).toBe('image/jpeg');
    const audit = (await auditOf(app.id)).filter((a) => a.action === 'amendFile');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.note).toBe('জাতীয় পরিচয়পত্রের কপি');
    expect(audit[0]!.details).toEqual({
      slot: 'nid',
      oldFileId: before.id,
      oldSha256: before.sha256,
      newFileId: after.id,
      newSha256: after.sha256,
    });
  });

  it("sends the amended application back to BADC's pending list with a new version, and closes the amendment", async () => {
    const { app, agent } = await setUp();
    await ctx.request('/api/citizen/application/fields', {
      method: 'PUT',
      agent,
      json: { fields: { village: 'নতুন গ্রাম' } },
    });
    await putBytes(ctx, '/api/citizen/application/files/mouzaMap', agent, pdfBytes(11), 'application/pdf');

    const done = await ctx.request('/api/citizen/application/amendment/submit', { method: 'POST', agent });
    expect(done.status).toBe(200);
    expect(((await done.json()) as CitizenForm).recheck.requested).toBe(false);
    const row = await ctx.db
      .selectFrom('applications')
      .select(['stage', 'recheck_requested', 'version'])
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stage: 'Pending', recheck_requested: false, version: app.version + 1 });
    const amended = (await auditOf(app.id)).filter((a) => a.action === 'amended');
    expect(amended).toHaveLength(1);
    expect(amended[0]).toMatchObject({ from_stage: 'NotApprovable', to_stage: 'Pending', actor_label: 'citizen' });
    expect(amended[0]!.details).toEqual({ fields: ['village'], files: ['mouzaMap'] });
    expect(amended[0]!.note).toContain('গ্রাম');
    expect(amended[0]!.note).toContain('মৌজা ম্যাপ');

    // A repeat whose answer was lost is answered as done; a new change is refused.
    expect((await ctx.request('/api/citizen/application/amendment/submit', { method: 'POST', agent })).status).toBe(
      200,
    );
    const late = await ctx.request('/api/citizen/application/fields', {
      method: 'PUT',
      agent,
      json: { fields: { village: 'আরেক গ্রাম' } },
    });
    expect(late.status).toBe(409);
    expect((await auditOf(app.id)).filter((a) => a.action === 'amended')).toHaveLength(1);
  });

  it('closes once the application is decided even if the recheck flag stayed on', async () => {
    const app = await insertReviewedApplication(ctx, {
      mobile: MOBILE,
      stage: 'Decline',
      recheck: { message: 'x' },
      checklist: NID_AND_MAP_MARKED_NO,
    });
    const agent = await verifiedAgent(ctx, app, MOBILE, 4);
    const form = (await (await ctx.request('/api/citizen/application/form', { agent })).json()) as CitizenForm;
    expect(form.recheck.requested).toBe(false);
    const put = await putBytes(ctx, '/api/citizen/application/files/nid', agent, pdfBytes(3), 'application/pdf');
    expect(put.status).toBe(409);
  });
});
