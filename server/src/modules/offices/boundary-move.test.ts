import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDetail, BoundaryMovePreview, BoundaryMoveResult, LicenceDocument } from '@portal/shared';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { checkUpload } from '../../platform/files/check-upload.js';
import { insertBlob, saveAttachment, sha256Hex } from '../../platform/files/blob-store.js';
import { jpegBytes, pdfBytes } from '../applications/intake-fixtures.js';
import { approvedLicence } from '../licences/licence-test-fixtures.js';
import { insertApplication } from '../requests/request-fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createStaffUser, signInAs, signInAsArea, StaffAgent, TEST_PASSWORD } from '../../test/roles.js';
import { officesChanged } from './offices.repository.js';

/**
 * Moving licences and their wells to a new upazila's office (issue 22 "Boundaries change",
 * docs/decisions/057-offices.md): the national administrator previews and moves them; the new
 * office then holds them under its own numbers with their files, visits and history, the old one
 * no longer sees them, a third is untouched, a retried request moves nothing twice, and the old
 * office's printed number still finds the licence.
 */
const NATIONAL = 'http://portal.localhost';
const NEW = 'http://new.localhost';
const THIRD = 'http://third.localhost';
let ctx: TestContext;
let admin: StaffAgent;
/** Office 1's licences: two in Kansat union, one in Mobarakpur. */
let kansat1: { applicationId: string; licenceId: string; licenceNumber: number };
let kansat2: { applicationId: string; licenceId: string; licenceNumber: number };
let mobarakpur: { applicationId: string; licenceId: string; licenceNumber: number };
let fileSha: string;

const dates = { validFrom: '2026-01-01', validTo: '2028-12-31' };

/** The test context as office `id` sees it, its requests sent to `host`. */
function officeView(id: number, host: string): TestContext {
  return {
    ...ctx,
    db: scopedDatabase(ctx.baseDb, officeScope(id)),
    request: (path, init) => ctx.request(path.startsWith('/') ? `${host}${path}` : path, init),
  };
}

async function officerAt(view: TestContext, role: 'BADC' | 'Admin'): Promise<StaffAgent> {
  const { id, email } = await createStaffUser(view, role);
  const agent = new StaffAgent(id, email, role);
  const res = await view.request('/api/auth/login', {
    method: 'POST',
    json: { email, password: TEST_PASSWORD },
    agent,
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
  return agent;
}

const post = (path: string, json: unknown, agent?: StaffAgent) =>
  ctx.request(`${NATIONAL}/api/national${path}`, { method: 'POST', json, agent });

/** Office 3's rows, to show a move leaves it as it was. */
async function thirdOffice(): Promise<string> {
  const db = scopedDatabase(ctx.baseDb, officeScope(3));
  const rows = await Promise.all(
    (['licences', 'applications', 'audit_log', 'licence_changes'] as const).map((t) =>
      db.selectFrom(t).selectAll().execute(),
    ),
  );
  return JSON.stringify(rows);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.baseDb
    .updateTable('offices')
    .set({ upazila_id: 159, name_bn: 'শিবগঞ্জ', name_en: 'Shibganj', code: 'u159' })
    .where('id', '=', 1)
    .execute();
  await ctx.baseDb
    .insertInto('offices')
    .values([
      { id: 2, name_bn: 'নতুন উপজেলা', name_en: 'New upazila', code: 'new-up', host: 'new.localhost' },
      { id: 3, name_bn: 'তৃতীয়', name_en: 'Third', code: 'third', host: 'third.localhost' },
    ])
    .execute();
  officesChanged(ctx.baseDb);
  admin = await signInAsArea(ctx, 'NationalAdmin', { at: NATIONAL });

  kansat1 = await approvedLicence(ctx, { ...dates, union: 'কানসাট', applicantName: 'রহিম উদ্দিন' });
  mobarakpur = await approvedLicence(ctx, { ...dates, union: 'মোবারকপুর' });
  kansat2 = await approvedLicence(ctx, { ...dates, union: 'কানসাট', applicantName: 'করিম মিয়া' });
  // The first Kansat licence has a document, a field visit with its photo, and a renewal request.
  const doc = pdfBytes(7);
  fileSha = sha256Hex(doc);
  const officer = await createStaffUser(ctx, 'BADC');
  await ctx.db.transaction().execute(async (trx) => {
    await saveAttachment(trx, {
      applicationId: kansat1.applicationId,
      slot: 'landRecord',
      file: await checkUpload(doc),
    });
    const photo = jpegBytes(3);
    const blobId = crypto.randomUUID();
    await insertBlob(trx, { id: blobId, file: await checkUpload(photo), sha256: sha256Hex(photo) });
    const visitId = crypto.randomUUID();
    await trx
      .insertInto('field_visits')
      .values({
        id: visitId,
        application_id: kansat1.applicationId,
        officer_id: officer.id,
        visited_at: ctx.clock.now,
        latitude: null,
        longitude: null,
        accuracy_m: null,
        checklist: null,
        notes: 'পাম্প ঘর দেখা হয়েছে',
        decision: 'inspect',
        photo_count: 1,
        content_hash: 'x',
        status: 'complete',
        created_at: ctx.clock.now,
        completed_at: ctx.clock.now,
      })
      .execute();
    await trx
      .insertInto('field_visit_photos')
      .values({
        visit_id: visitId,
        photo_index: 0,
        sha256: sha256Hex(photo),
        mime: 'image/jpeg',
        size: photo.byteLength,
        taken_at: ctx.clock.now,
        latitude: null,
        longitude: null,
        blob_id: blobId,
        received_at: ctx.clock.now,
      })
      .execute();
  });
  await insertApplication(ctx, { kind: 'Renew', stage: 'Pending', licenceId: kansat1.licenceId });
  // Office 3 has a licence of its own in a union of the same name.
  await approvedLicence(officeView(3, THIRD), { ...dates, union: 'কানসাট' });
});
afterAll(() => ctx.close());

describe('moving licences to a new upazila office', () => {
  it('is the national administrator’s alone', async () => {
    const body = { fromOfficeId: 1, toOfficeId: 2, unions: ['কানসাট'] };
    const viewer = await signInAsArea(ctx, 'DistrictViewer', { at: NATIONAL });
    expect((await post('/boundary-moves/preview', body, viewer)).status).toBe(403);
    const officeAdmin = await signInAs(ctx, 'Admin');
    const asAdmin = await ctx.request('/api/national/boundary-moves', {
      method: 'POST',
      json: { ...body, moveKey: crypto.randomUUID() },
      agent: officeAdmin,
    });
    expect(asAdmin.status).toBe(403);
    expect((await post('/boundary-moves/preview', body)).status).toBe(401);
  });

  it('refuses the same office, an office that is not open and a number the office lacks, in Bangla', async () => {
    const fields = async (json: unknown) => {
      const res = await post('/boundary-moves/preview', json, admin);
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
    };
    expect((await fields({ fromOfficeId: 1, toOfficeId: 1, unions: ['কানসাট'] })).toOfficeId).toBe(
      'একই অফিসে সরানো যায় না; অন্য অফিস বেছে নিন।',
    );
    expect((await fields({ fromOfficeId: 1, toOfficeId: 99, unions: ['কানসাট'] })).toOfficeId).toBe(
      'এই অফিসটি খোলা নেই বা পাওয়া যায়নি।',
    );
    expect(
      (await fields({ fromOfficeId: 1, toOfficeId: 2, licenceNumbers: [kansat1.licenceNumber, 999] })).licenceNumbers,
    ).toBe('এই নম্বরের লাইসেন্স এই অফিসে নেই: ৯৯৯');
    expect((await fields({ fromOfficeId: 1, toOfficeId: 2, unions: ['নেই'] })).unions).toBe(
      'এই ইউনিয়নগুলোতে এই অফিসের কোনো লাইসেন্স নেই।',
    );
  });

  it('lists the unions and previews exactly the licences whose wells are in those chosen', async () => {
    const unions = await ctx.request(`${NATIONAL}/api/national/boundary-moves/unions?officeId=1`, { agent: admin });
    expect(await unions.json()).toEqual({
      unions: [
        { name: 'কানসাট', licences: 2 },
        { name: 'মোবারকপুর', licences: 1 },
      ],
    });
    const res = await post('/boundary-moves/preview', { fromOfficeId: 1, toOfficeId: 2, unions: ['কানসাট'] }, admin);
    expect(res.status).toBe(200);
    const preview = (await res.json()) as BoundaryMovePreview;
    expect(preview.licences.map((l) => [l.licenceNumber, l.holderName, l.applications])).toEqual([
      [kansat1.licenceNumber, 'রহিম উদ্দিন', 2],
      [kansat2.licenceNumber, 'করিম মিয়া', 1],
    ]);
    expect(preview.counts).toEqual({ licences: 2, applications: 3, files: 1, visits: 1, photos: 1 });
  });

  it('moves them with their records once, under the new office’s numbers, and leaves the third office alone', async () => {
    const third = await thirdOffice();
    const oldOfficer = await officerAt(ctx, 'BADC');
    const newOfficer = await officerAt(officeView(2, NEW), 'BADC');
    const oldApplicationNumber = (
      await ctx.db
        .selectFrom('applications')
        .select('application_number')
        .where('id', '=', kansat1.applicationId)
        .executeTakeFirstOrThrow()
    ).application_number;
    const request = { fromOfficeId: 1, toOfficeId: 2, unions: ['কানসাট'], moveKey: crypto.randomUUID() };
    const res = await post('/boundary-moves', request, admin);
    expect(res.status).toBe(200);
    const moved = (await res.json()) as BoundaryMoveResult;
    expect(moved.licences).toEqual([
      { from: kansat1.licenceNumber, to: 1 },
      { from: kansat2.licenceNumber, to: 2 },
    ]);
    expect(moved.applications.map((a) => a.to)).toEqual([1, 2, 3]);
    // The same request again (a retry after a lost answer) moves nothing more and answers the same.
    const again = await post('/boundary-moves', request, admin);
    expect(await again.json()).toEqual(moved);
    expect(await ctx.baseDb.selectFrom('licence_moves').select('to_number').execute()).toHaveLength(2);
    // Each holder is texted the new office and numbers once, from the new office's outbox.
    const texts = await ctx.baseDb
      .selectFrom('sms_outbox')
      .select(['office_id', 'body'])
      .where('kind', '=', 'licenceMoved')
      .execute();
    expect(texts.map((t) => t.office_id)).toEqual([2, 2]);
    expect(texts.map((t) => t.body).join('\n')).toContain('নতুন লাইসেন্স নং ১,');
    expect(texts.map((t) => t.body).join('\n')).toContain('নতুন লাইসেন্স নং ২,');
    expect(texts[0]!.body).toContain('নতুন উপজেলা অফিসের');
    // The key of one move cannot be used for another.
    const reused = await post('/boundary-moves', { ...request, fromOfficeId: 2, toOfficeId: 1 }, admin);
    expect(reused.status).toBe(409);

    // The new office's officer sees the application under its new number, with its document and history.
    const newView = officeView(2, NEW);
    const detail = await newView.request(`/api/staff/applications/${kansat1.applicationId}`, { agent: newOfficer });
    expect(detail.status).toBe(200);
    const d = (await detail.json()) as ApplicationDetail;
    expect(d.applicationNumber).toBe(moved.applications.find((a) => a.from === Number(oldApplicationNumber))!.to);
    expect(d.files.map((f) => f.sha256)).toEqual([fileSha]);
    const file = await newView.request(d.files[0]!.url, { agent: newOfficer });
    expect(file.status).toBe(200);
    expect(sha256Hex(new Uint8Array(await file.arrayBuffer()))).toBe(fileSha);
    expect(d.audit.map((a) => a.action)).toContain('licence.movedIn');
    // The licence's history keeps the old office and number.
    const licence = await newView.request(`/api/staff/licences/${kansat1.applicationId}`, { agent: newOfficer });
    const doc = (await licence.json()) as LicenceDocument;
    expect(doc.licenceNumber).toBe(1);
    expect(doc.changes).toEqual([
      expect.objectContaining({ field: 'office', from: `শিবগঞ্জ · ${kansat1.licenceNumber}`, to: 'নতুন উপজেলা · 1' }),
    ]);
    const visits = await scopedDatabase(ctx.baseDb, officeScope(2))
      .selectFrom('field_visit_photos')
      .select('sha256')
      .execute();
    expect(visits).toHaveLength(1);

    // The old office sees them no more, keeps its other licence, and its audit says where they went.
    expect((await ctx.request(`/api/staff/applications/${kansat1.applicationId}`, { agent: oldOfficer })).status).toBe(
      404,
    );
    expect(
      (await ctx.request(`/api/staff/applications/${mobarakpur.applicationId}`, { agent: oldOfficer })).status,
    ).toBe(200);
    const out = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('action', '=', 'licence.movedOut')
      .execute();
    expect(out).toEqual([{ action: 'licence.movedOut', actor_user_id: admin.id }]);
    expect(await thirdOffice()).toBe(third);
  });

  it('answers the old office’s printed number with the licence where it went, and the new office prints it', async () => {
    const check = await ctx.request(`/api/public/licence-check/${kansat2.licenceNumber}`);
    expect(check.status).toBe(200);
    expect(await check.json()).toMatchObject({
      number: 2,
      holderName: 'করিম মিয়া',
      office: { code: 'new-up' },
      movedFrom: { number: kansat2.licenceNumber, office: { code: 'u159' } },
    });
    const officer = await officerAt(officeView(2, NEW), 'BADC');
    const pdf = await ctx.request(`${NEW}/api/licences/${kansat2.applicationId}/pdf/front`, { agent: officer });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const doc = (await (
      await ctx.request(`${NEW}/api/staff/licences/${kansat2.applicationId}`, { agent: officer })
    ).json()) as LicenceDocument;
    // Its QR is the new office's, which verifies it by its new number.
    const live = await ctx.request(`${THIRD}/api/public/licence-check/2?office=new-up`);
    expect(await live.json()).toMatchObject({ number: 2, office: { code: 'new-up' } });
    expect(doc.qr.details).not.toBe('');
  });

  it('moves once when the same request arrives twice at the same moment', async () => {
    const request = {
      fromOfficeId: 1,
      toOfficeId: 3,
      licenceNumbers: [mobarakpur.licenceNumber],
      moveKey: crypto.randomUUID(),
    };
    const [a, b] = await Promise.all([
      post('/boundary-moves', request, admin),
      post('/boundary-moves', request, admin),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [first, second] = (await Promise.all([a.json(), b.json()])) as BoundaryMoveResult[];
    expect(second).toEqual(first);
    expect(first!.licences).toEqual([{ from: mobarakpur.licenceNumber, to: 2 }]);
    const rows = await ctx.baseDb
      .selectFrom('licence_moves')
      .select('to_number')
      .where('move_key', '=', request.moveKey)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
