import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bn, type EditView, type ProblemBody } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { jpegBytes, pdfBytes, sha256, submitComplete } from '../applications/intake-fixtures.js';
import { putBytes } from '../citizen/citizen-fixtures.js';

/**
 * The office's edit view (docs/decisions/038-edit-view-and-override.md), against a real database and
 * applications sent through the real intake, as the register holds them. One database for the file:
 * each test sends its own application.
 */
let ctx: TestContext;
let badc: StaffAgent;
let admin: StaffAgent;
beforeAll(async () => {
  ctx = await createTestContext();
  badc = await signInAs(ctx, 'BADC');
  admin = await signInAs(ctx, 'Admin');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const editPath = (id: string) => `/api/staff/register/applications/${id}/edit`;
const problemOf = async (res: Response) => ((await res.json()) as ProblemBody).error;
const auditOf = (id: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('application_id', '=', id).orderBy('id').execute();
const rowOf = (id: string) =>
  ctx.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function view(id: string, agent: StaffAgent = badc): Promise<EditView> {
  const res = await ctx.request(editPath(id), { agent });
  expect(res.status).toBe(200);
  return (await res.json()) as EditView;
}

/** The whole form as the page sends it: the stored answers as text, with the changes typed over them. */
async function save(id: string, changes: Record<string, unknown>, opts: { version?: number; agent?: StaffAgent } = {}) {
  const current = await view(id, opts.agent);
  const fields = Object.fromEntries(current.editable.map((n) => [n, current.fields[n] ?? '']));
  return ctx.request(editPath(id), {
    method: 'PUT',
    agent: opts.agent ?? badc,
    json: { version: opts.version ?? current.version, fields: { ...fields, ...changes } },
  });
}

describe('GET the edit view', () => {
  it('gives BADC and the Admin every field, each document with its file and the history; other roles 403', async () => {
    const { id, applicationNumber } = await submitComplete(ctx);
    const v = await view(id);
    expect(v).toMatchObject({ id, applicationNumber, kind: 'New', stage: 'StepOne', override: null });
    expect(v.fields.village).toBe('কানসাট');
    // The office changes the mobile number (decision 025 leaves it to the office), but not the agreement.
    expect(v.editable).toEqual(expect.arrayContaining(['applicantName', 'mobile', 'village', 'latitude', 'nid']));
    expect(v.editable).not.toContain('agreed');
    expect(v.slots.map((s) => s.slot)).toEqual([
      'photo',
      'signature',
      'nid',
      'landRecord',
      'landTaxReceipt',
      'mouzaMap',
    ]);
    expect(v.slots.every((s) => s.file?.url.startsWith('/api/files/'))).toBe(true);
    expect(v.slots[0]).toMatchObject({ slot: 'photo', imageOnly: true });
    expect(v.history.map((h) => h.action)).toEqual(['submitted', 'received-complete']);

    // The Admin also gets the stages its override accepts: its pipeline's, without Approved (no licence).
    const asAdmin = await view(id, admin);
    expect(asAdmin.override?.stages).toEqual([
      'StepOne',
      'StepTwo',
      'StepThree',
      'Pending',
      'Approvable',
      'NotApprovable',
      'Decline',
    ]);
    for (const role of ['Chairman', 'UNO', 'Pollibidut'] as const) {
      const res = await ctx.request(editPath(id), { agent: await signInAs(ctx, role) });
      expect(res.status, role).toBe(403);
    }
    expect((await ctx.request(editPath(id))).status).toBe(401);
    expect((await ctx.request(editPath(crypto.randomUUID()), { agent: badc })).status).toBe(404);
  });
});

describe('PUT the edited fields', () => {
  it("refuses what the citizen's form refuses, with its Bangla message, and changes nothing", async () => {
    const { id } = await submitComplete(ctx);
    const { version } = await rowOf(id);
    const bad = await save(id, { mobile: '০১২৩', village: 'নতুন গ্রাম' });
    expect(bad.status).toBe(400);
    const problem = await problemOf(bad);
    expect(problem.code).toBe('VALIDATION');
    expect(problem.fields?.['fields.mobile']).toBe(bn['v.mobile']);

    const empty = await save(id, { fatherName: '  ' });
    expect((await problemOf(empty)).fields?.['fields.fatherName']).toBe(bn['v.required']);
    const unknown = await save(id, { licenceNumber: '12' });
    expect((await problemOf(unknown)).fields?.['fields.licenceNumber']).toBe(bn['registerEdit.v.unknownField']);
    const agreement = await save(id, { agreed: false });
    expect((await problemOf(agreement)).fields?.['fields.agreed']).toBe(bn['registerEdit.v.fixed']);

    const row = await rowOf(id);
    expect(row.fields.village).toBe('কানসাট');
    expect(row.version).toBe(version);
    expect((await auditOf(id)).map((a) => a.action)).not.toContain('editFields');
  });

  it('saves a good edit: fields, the search columns as the intake writes them, a new version and one audit row with before and after', async () => {
    const { id } = await submitComplete(ctx);
    const { version } = await rowOf(id);
    const res = await save(id, {
      applicantName: 'রহিমা খাতুন',
      mobile: '০১৮১২৩৪৫৬৭৮',
      village: 'শিবনগর',
      union: 'মোবারকপুর',
      dagNumber: '৭৮, ৭৯',
    });
    expect(res.status).toBe(200);
    const after = (await res.json()) as EditView;
    expect(after.version).toBe(version + 1);
    expect(after.fields).toMatchObject({ applicantName: 'রহিমা খাতুন', mobile: '01812345678', village: 'শিবনগর' });

    const row = await rowOf(id);
    expect(row).toMatchObject({
      applicant_name: 'রহিমা খাতুন',
      mobile: '01812345678',
      village: 'শিবনগর',
      union_name: 'মোবারকপুর',
      dag_number: '78, 79',
      version: version + 1,
    });
    const edits = (await auditOf(id)).filter((a) => a.action === 'editFields');
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ actor_user_id: badc.id, actor_label: badc.email, from_stage: 'StepOne' });
    expect(edits[0]!.details).toEqual({
      changed: ['applicantName', 'mobile', 'village', 'union', 'dagNumber'],
      before: {
        applicantName: 'রহিম উদ্দিন',
        mobile: '01712345678',
        village: 'কানসাট',
        union: 'কানসাট',
        dagNumber: '৫৬',
      },
      after: {
        applicantName: 'রহিমা খাতুন',
        mobile: '01812345678',
        village: 'শিবনগর',
        union: 'মোবারকপুর',
        dagNumber: '৭৮, ৭৯',
      },
    });
    expect(edits[0]!.note).toContain(bn['decisions.field.village']);
    // The history the page shows carries the same before and after.
    expect(after.history.at(-1)).toMatchObject({
      action: 'editFields',
      changes: expect.arrayContaining([{ name: 'village', before: 'কানসাট', after: 'শিবনগর' }]),
    });

    // Sent again unchanged: nothing written, the version stays.
    const again = await save(id, {});
    expect(((await again.json()) as EditView).version).toBe(version + 1);
    expect((await auditOf(id)).filter((a) => a.action === 'editFields')).toHaveLength(1);
  });

  it('refuses a save on a version someone else moved on: 409 with the application as it is now', async () => {
    const { id } = await submitComplete(ctx);
    const { version } = await rowOf(id);
    expect((await save(id, { village: 'প্রথম' })).status).toBe(200);
    const stale = await save(id, { village: 'দ্বিতীয়' }, { version, agent: admin });
    expect(stale.status).toBe(409);
    const problem = await problemOf(stale);
    expect(problem.code).toBe('STALE_STATE');
    expect((problem.current as EditView).fields.village).toBe('প্রথম');
    expect((problem.current as EditView).version).toBe(version + 1);
    expect((await rowOf(id)).fields.village).toBe('প্রথম');
  });

  it("moves the well's position by the rule of decision 028: BADC's edit is the officer's, the Admin's the applicant's", async () => {
    const { id } = await submitComplete(ctx);
    expect((await save(id, { latitude: '২৪.৭১', longitude: '৮৮.২১' })).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ latitude: 24.71, longitude: 88.21, position_source: 'officer' });

    // The Admin's correction changes the form's copy, not the position BADC recorded.
    expect((await save(id, { latitude: '24.8', longitude: '88.3' }, { agent: admin })).status).toBe(200);
    const row = await rowOf(id);
    expect(row.fields).toMatchObject({ latitude: 24.8, longitude: 88.3 });
    expect(row).toMatchObject({ latitude: 24.71, longitude: 88.21, position_source: 'officer' });
  });
});

describe('an old record from the paper register', () => {
  it('takes the mobile the register lacked, keeps the licence number and period its licence was issued with', async () => {
    const created = await ctx.request('/api/staff/old-records', {
      method: 'POST',
      agent: admin,
      json: {
        licenceNumber: '৯০১',
        regulationNumber: 'রে-১২',
        applicantName: 'আমিনুল ইসলাম',
        upazila: 'শিবগঞ্জ',
        village: 'কানসাট',
        union: 'কানসাট',
        postOffice: 'কানসাট',
        mouza: 'কানসাট',
        pumpType: 'electric',
        wellClass: 'deep',
        wellSize: '1.0',
        validFrom: '2024-01-01',
        validTo: '2027-01-01',
      },
    });
    expect(created.status).toBe(201);
    const { applicationId } = (await created.json()) as { applicationId: string };
    const v = await view(applicationId);
    expect(v).toMatchObject({ kind: 'Old', stage: 'Approved', slots: [] });
    expect(v.fixed).toEqual(expect.arrayContaining(['licenceNumber', 'validFrom', 'validTo']));
    expect(v.editable).toContain('mobile');

    const renumbered = await save(applicationId, { licenceNumber: '902' });
    expect((await problemOf(renumbered)).fields?.['fields.licenceNumber']).toBe(bn['registerEdit.v.fixed']);
    expect((await save(applicationId, { mobile: '০১৯১২৩৪৫৬৭৮' })).status).toBe(200);
    expect(await rowOf(applicationId)).toMatchObject({ mobile: '01912345678', applicant_name: 'আমিনুল ইসলাম' });
  });
});

describe('PUT a document', () => {
  const filePath = (id: string, slot: string) => `/api/staff/register/applications/${id}/files/${slot}`;

  it('refuses a renamed program and anything but a picture for the photo; nothing is stored', async () => {
    const { id } = await submitComplete(ctx);
    const before = await view(id);
    // A Windows program named like a scan: refused by its bytes, whatever its name and type say.
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, ...new Array(64).fill(0)]);
    const asPdf = await putBytes(ctx, filePath(id, 'nid'), badc, exe, 'application/pdf');
    expect(asPdf.status).toBe(415);
    expect((await problemOf(asPdf)).code).toBe('FILE_TYPE');
    const pdfAsPhoto = await putBytes(ctx, filePath(id, 'photo'), badc, pdfBytes(3), 'application/pdf');
    expect(pdfAsPhoto.status).toBe(415);
    expect((await problemOf(pdfAsPhoto)).code).toBe('FILE_MUST_BE_IMAGE');
    // A slot the kind does not have (a new well has no electricity bill).
    expect((await putBytes(ctx, filePath(id, 'electricityBill'), badc, pdfBytes(4), 'application/pdf')).status).toBe(
      404,
    );
    expect((await view(id)).slots).toEqual(before.slots);
    expect((await auditOf(id)).map((a) => a.action)).not.toContain('replaceFile');
  });

  it('replaces a JPEG and a PDF, audits the old and new file, and keeps the old bytes', async () => {
    const { id } = await submitComplete(ctx);
    const before = await view(id);
    const oldNid = before.slots.find((s) => s.slot === 'nid')!.file!;
    const oldBlob = await ctx.db
      .selectFrom('application_files')
      .select('blob_id')
      .where('id', '=', oldNid.id)
      .executeTakeFirstOrThrow();

    const photo = jpegBytes(77);
    const up = await putBytes(ctx, filePath(id, 'photo'), admin, photo, 'image/jpeg');
    expect(up.status).toBe(200);
    const pdf = pdfBytes(78);
    const res = await putBytes(ctx, filePath(id, 'nid'), badc, pdf, 'application/pdf');
    expect(res.status).toBe(200);
    const after = (await res.json()) as EditView;
    const nid = after.slots.find((s) => s.slot === 'nid')!.file!;
    expect(nid).toMatchObject({ sha256: sha256(pdf), mime: 'application/pdf', originalName: 'নতুন ফাইল' });
    expect(nid.id).not.toBe(oldNid.id);
    expect(after.slots.find((s) => s.slot === 'photo')!.file!.sha256).toBe(sha256(photo));

    const replaced = (await auditOf(id)).filter((a) => a.action === 'replaceFile');
    expect(replaced.map((a) => a.actor_label)).toEqual([admin.email, badc.email]);
    expect(replaced[1]!.details).toMatchObject({
      slot: 'nid',
      oldFileId: oldNid.id,
      oldBlobId: oldBlob.blob_id,
      oldSha256: oldNid.sha256,
      newFileId: nid.id,
      newSha256: sha256(pdf),
    });
    expect(replaced[1]!.note).toBe(bn['decisions.file.nid']);
    // The replaced document's bytes are still there for whoever follows the audit.
    const kept = await ctx.db.selectFrom('blobs').select('sha256').where('id', '=', oldBlob.blob_id).executeTakeFirst();
    expect(kept?.sha256).toBe(oldNid.sha256);
    // BADC opens the new file from the edit view's link.
    const file = await ctx.request(nid.url, { agent: badc });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
  });
});

describe("POST the Admin's override", () => {
  const overridePath = (id: string) => `/api/staff/register/applications/${id}/override`;

  it('needs a reason, is the Admin’s alone, and moves the stage through the review engine with an audit row', async () => {
    const { id } = await submitComplete(ctx);
    const v = await view(id, admin);

    const noReason = await ctx.request(overridePath(id), {
      method: 'POST',
      agent: admin,
      json: { version: v.version, stage: 'Pending', reason: '   ' },
    });
    expect(noReason.status).toBe(400);
    expect((await problemOf(noReason)).fields?.reason).toBe(bn['v.required']);

    const byBadc = await ctx.request(overridePath(id), {
      method: 'POST',
      agent: badc,
      json: { version: v.version, stage: 'Pending', reason: 'ভুল ধাপে ছিল' },
    });
    expect(byBadc.status).toBe(403);
    expect((await rowOf(id)).stage).toBe('StepOne');

    // Approved claims a licence this application does not have: the pipeline refuses it.
    const approved = await ctx.request(overridePath(id), {
      method: 'POST',
      agent: admin,
      json: { version: v.version, stage: 'Approved', reason: 'ভুল' },
    });
    expect(approved.status).toBe(409);

    const res = await ctx.request(overridePath(id), {
      method: 'POST',
      agent: admin,
      json: { version: v.version, clientActionId: crypto.randomUUID(), stage: 'Pending', reason: 'ভুল ধাপে ছিল' },
    });
    expect(res.status).toBe(200);
    const after = (await res.json()) as EditView;
    // The levels before Pending have seen it; BADC sees it anew (decision 021).
    expect(after).toMatchObject({ stage: 'Pending', version: v.version + 1 });
    expect(after.seen).toEqual({ chairman: true, uno: true, badc: true });
    const row = (await auditOf(id)).at(-1)!;
    expect(row).toMatchObject({
      action: 'override',
      from_stage: 'StepOne',
      to_stage: 'Pending',
      note: 'ভুল ধাপে ছিল',
      actor_label: admin.email,
    });

    // A stale version is refused like every officer action.
    const stale = await ctx.request(overridePath(id), {
      method: 'POST',
      agent: admin,
      json: { version: v.version, stage: 'StepTwo', reason: 'আবার' },
    });
    expect(stale.status).toBe(409);
    expect((await problemOf(stale)).code).toBe('STALE_STATE');
  });
});

describe('a deleted application', () => {
  it('is not found by any of the edit routes', async () => {
    const { id } = await submitComplete(ctx);
    const v = await view(id, admin);
    await ctx.db
      .updateTable('applications')
      .set({ deleted_at: ctx.clock.now, deleted_by: admin.id, delete_reason: 'দুবার জমা' })
      .where('id', '=', id)
      .execute();
    expect((await ctx.request(editPath(id), { agent: badc })).status).toBe(404);
    const put = await ctx.request(editPath(id), {
      method: 'PUT',
      agent: badc,
      json: { version: v.version, fields: { village: 'নতুন' } },
    });
    expect(put.status).toBe(404);
    const file = await putBytes(
      ctx,
      `/api/staff/register/applications/${id}/files/nid`,
      badc,
      pdfBytes(9),
      'application/pdf',
    );
    expect(file.status).toBe(404);
    const override = await ctx.request(`/api/staff/register/applications/${id}/override`, {
      method: 'POST',
      agent: admin,
      json: { version: v.version, stage: 'Pending', reason: 'কারণ' },
    });
    expect(override.status).toBe(404);
    expect((await rowOf(id)).fields.village).toBe('কানসাট');
  });
});
