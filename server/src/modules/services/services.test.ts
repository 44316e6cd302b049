import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServicePage, StaffRole } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { problemOf, sha256 } from '../applications/intake-fixtures.js';
import { body, PATH, put, serviceFiles, submitService } from './services-fixtures.js';

let ctx: TestContext;
let badc: StaffAgent;
let admin: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  badc = await signInAs(ctx, 'BADC');
  admin = await signInAs(ctx, 'Admin');
});
afterAll(async () => ctx?.close());

/** The office's lists (the citizen sends to PATH, the one intake). */
const OFFICE = { complaint: '/api/services/complaints', copy: '/api/services/copies' } as const;

async function list(kind: 'complaint' | 'copy', agent: StaffAgent, query = ''): Promise<ServicePage> {
  const res = await ctx.request(`${OFFICE[kind]}?${query}`, { agent });
  expect(res.status).toBe(200);
  return (await res.json()) as ServicePage;
}

describe('complaint intake (spec 1 §2-§5 through the offline protocol)', () => {
  it('is receiving until the last of its four files arrives, then appears in the office list', async () => {
    const files = serviceFiles('complaint', 10);
    const b = body('complaint', files);
    const first = await ctx.request(PATH.complaint, { method: 'POST', json: b });
    expect(first.status).toBe(201);
    const answer = (await first.json()) as { referenceNumber: number; status: string; missingSlots: string[] };
    expect(answer.status).toBe('receiving');
    expect(answer.missingSlots).toEqual(['licenceForm', 'depositReceipt', 'complaintForm', 'certificate']);

    const before = await list('complaint', badc, 'pageSize=500');
    expect(before.rows.some((r) => r.id === b.clientId)).toBe(false);

    const slots = Object.keys(files);
    for (const [i, slot] of slots.entries()) {
      const res = await put(ctx, 'complaint', b.clientId, slot, files[slot]!.bytes);
      expect(res.status).toBe(201);
      const up = (await res.json()) as { status: string };
      expect(up.status).toBe(i === slots.length - 1 ? 'complete' : 'receiving');
    }
    // A repeat of a file already held (its answer was lost) gets 200, not an error.
    const again = await put(ctx, 'complaint', b.clientId, 'certificate', files.certificate!.bytes);
    expect(again.status).toBe(200);

    const after = await list('complaint', badc, 'pageSize=500');
    const row = after.rows.find((r) => r.id === b.clientId)!;
    expect(row.name).toBe('আমিনা খাতুন');
    expect(row.mobile).toBe('01812345678');
    expect(row.status).toBe('received');
    expect(row.files.map((f) => f.slot)).toEqual(['licenceForm', 'depositReceipt', 'complaintForm', 'certificate']);
  });

  it('answers a repeat with the first reference number and refuses the same id with other content', async () => {
    const files = serviceFiles('complaint', 20);
    const b = body('complaint', files);
    const first = (await (await ctx.request(PATH.complaint, { method: 'POST', json: b })).json()) as {
      referenceNumber: number;
    };
    const repeat = await ctx.request(PATH.complaint, { method: 'POST', json: b });
    expect(repeat.status).toBe(200);
    expect(((await repeat.json()) as { referenceNumber: number }).referenceNumber).toBe(first.referenceNumber);

    const other = await ctx.request(PATH.complaint, {
      method: 'POST',
      json: { ...b, fields: { ...b.fields, name: 'অন্য নাম' } },
    });
    expect(other.status).toBe(409);
    expect((await problemOf(other)).code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('requires every field and every file, with Bangla messages', async () => {
    const files = serviceFiles('complaint', 30);
    delete files.certificate;
    const res = await ctx.request(PATH.complaint, {
      method: 'POST',
      json: body('complaint', files, { fields: { name: '', mobile: '12345' } }),
    });
    expect(res.status).toBe(400);
    const error = await problemOf(res);
    expect(error.fields?.['fields.name']).toBe('এই ঘরটি পূরণ করা আবশ্যক।');
    expect(error.fields?.['fields.mobile']).toMatch(/মোবাইল/);

    const noFile = await ctx.request(PATH.complaint, { method: 'POST', json: body('complaint', files) });
    expect(noFile.status).toBe(400);
    expect((await problemOf(noFile)).fields?.['files.certificate']).toBe('এই ফাইলটি দেওয়া আবশ্যক।');
  });

  it('refuses a file over 1,500,000 bytes and says the real limit', async () => {
    const files = serviceFiles('complaint', 40);
    const b = body('complaint', files);
    b.files[0]!.size = 1_500_001;
    const res = await ctx.request(PATH.complaint, { method: 'POST', json: b });
    expect(res.status).toBe(413);
    expect((await problemOf(res)).fields?.['files.licenceForm']).toContain('১.৫ মেগাবাইট');

    // The stream itself is cut at the limit, whatever the manifest said.
    const ok = body('complaint', serviceFiles('complaint', 41));
    await ctx.request(PATH.complaint, { method: 'POST', json: ok });
    const big = new Uint8Array(1_500_001);
    const up = await put(ctx, 'complaint', ok.clientId, 'licenceForm', big);
    expect(up.status).toBe(413);
    expect((await problemOf(up)).message).toContain('১.৫ মেগাবাইট');
  });

  it('decides the type by the bytes: a text file named .pdf is refused', async () => {
    const files = serviceFiles('complaint', 50);
    const fake = new TextEncoder().encode('not really a pdf, just text');
    files.licenceForm = { bytes: fake, mime: 'application/pdf', name: 'form.pdf' };
    const b = body('complaint', files);
    expect((await ctx.request(PATH.complaint, { method: 'POST', json: b })).status).toBe(201);
    const up = await put(ctx, 'complaint', b.clientId, 'licenceForm', fake);
    expect(up.status).toBe(415);
    expect((await problemOf(up)).code).toBe('FILE_TYPE');
  });

  it('refuses bytes that differ from the declared file, and a slot not declared', async () => {
    const files = serviceFiles('complaint', 60);
    const b = body('complaint', files);
    await ctx.request(PATH.complaint, { method: 'POST', json: b });
    const other = serviceFiles('complaint', 61).licenceForm!.bytes;
    const wrong = await put(ctx, 'complaint', b.clientId, 'licenceForm', other, sha256(other));
    expect(wrong.status).toBe(400);
    const unknownId = await put(ctx, 'complaint', crypto.randomUUID(), 'licenceForm', other);
    expect(unknownId.status).toBe(404);
    const badSlot = await put(ctx, 'complaint', b.clientId, 'photo', other);
    expect(badSlot.status).toBe(400);
  });
});

describe('copy requests', () => {
  it('takes licence number, mobile, fee, type and six files, and lists them complete', async () => {
    const { id, referenceNumber } = await submitService(ctx, 'copy', { fields: { appType: 'destroyed' } });
    const page = await list('copy', admin, 'pageSize=500');
    const row = page.rows.find((r) => r.id === id)!;
    expect(row.referenceNumber).toBe(referenceNumber);
    expect(row.licenceNumber).toBe('123');
    expect(row.fee).toBe('200');
    expect(row.appType).toBe('destroyed');
    expect(row.files).toHaveLength(6);
  });

  it("refuses a PDF as the applicant's photo (spec 1 §5), but takes a PDF GD copy", async () => {
    const files = serviceFiles('copy', 70);
    const pdf = files.gdCopy!; // the fixture's third file of each form is a PDF
    files.photo = { ...pdf, name: 'photo.pdf' };
    const b = body('copy', files);
    expect((await ctx.request(PATH.copy, { method: 'POST', json: b })).status).toBe(201);
    const photo = await put(ctx, 'copy', b.clientId, 'photo', pdf.bytes);
    expect(photo.status).toBe(415);
    expect((await problemOf(photo)).code).toBe('FILE_MUST_BE_IMAGE');
    const gd = await put(ctx, 'copy', b.clientId, 'gdCopy', files.gdCopy!.bytes);
    expect(gd.status).toBe(201);
  });

  it('refuses an unknown application type', async () => {
    const res = await ctx.request(PATH.copy, {
      method: 'POST',
      json: body('copy', serviceFiles('copy'), { fields: { appType: 'stolen' } }),
    });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).fields?.['fields.appType']).toBe('একটি বেছে নিন।');
  });
});

describe('the office lists: search, paging, status, files, delete', () => {
  it('searches and pages on the server', async () => {
    for (let i = 0; i < 3; i++) await submitService(ctx, 'complaint', { fields: { name: `খুঁজুন ${i}` }, seed: 100 + i });
    const found = await list('complaint', badc, `q=${encodeURIComponent('খুঁজুন')}&pageSize=5&sort=name&dir=asc`);
    expect(found.total).toBe(3);
    expect(found.rows.map((r) => r.name)).toEqual(['খুঁজুন 0', 'খুঁজুন 1', 'খুঁজুন 2']);
    const paged = await list('complaint', badc, `q=${encodeURIComponent('খুঁজুন')}&pageSize=5&page=2`);
    expect(paged.rows).toHaveLength(0);
    expect(paged.total).toBe(3);
  });

  it('keeps a status with a note and audits the change', async () => {
    const { id, referenceNumber } = await submitService(ctx, 'complaint', { seed: 200 });
    const res = await ctx.request(`${OFFICE.complaint}/${id}/status`, {
      method: 'PUT',
      json: { status: 'in_progress', note: 'সরেজমিনে দেখা হবে' },
      agent: badc,
    });
    expect(res.status).toBe(204);
    const row = (await list('complaint', badc, 'pageSize=500')).rows.find((r) => r.id === id)!;
    expect(row.status).toBe('in_progress');
    expect(row.statusNote).toBe('সরেজমিনে দেখা হবে');
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'complaint-status').execute();
    const entry = audit.find((a) => (a.details as { complaintId?: string }).complaintId === id)!;
    expect(entry.application_id).toBeNull();
    expect(entry.from_stage).toBe('received');
    expect(entry.to_stage).toBe('in_progress');
    expect(entry.actor_label).toBe(badc.email);
    expect((entry.details as { referenceNumber: number }).referenceNumber).toBe(referenceNumber);

    const bad = await ctx.request(`${OFFICE.complaint}/${id}/status`, {
      method: 'PUT',
      json: { status: 'closed' },
      agent: badc,
    });
    expect(bad.status).toBe(400);
  });

  it('shows an attached file to the office with nosniff, and deletes a request with its files (audited)', async () => {
    const { id } = await submitService(ctx, 'copy', { seed: 300 });
    const row = (await list('copy', badc, 'pageSize=500')).rows.find((r) => r.id === id)!;
    const file = row.files[0]!;
    const got = await ctx.request(`/api/services/files/${file.id}`, { agent: badc });
    expect(got.status).toBe(200);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-type')).toBe(file.mime);
    expect((await ctx.request(`/api/services/files/${file.id}`)).status).toBe(401);

    const blobsBefore = await ctx.db.selectFrom('blobs').select('id').execute();
    const del = await ctx.request(`${OFFICE.copy}/${id}`, { method: 'DELETE', agent: admin });
    expect(del.status).toBe(204);
    expect((await list('copy', badc, 'pageSize=500')).rows.some((r) => r.id === id)).toBe(false);
    const blobsAfter = await ctx.db.selectFrom('blobs').select('id').execute();
    expect(blobsBefore.length - blobsAfter.length).toBe(6);
    expect((await ctx.request(`/api/services/files/${file.id}`, { agent: badc })).status).toBe(404);
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'copy-deleted').execute();
    expect(
      audit.some((a) => (a.details as { copyRequestId?: string }).copyRequestId === id && a.application_id === null),
    ).toBe(true);
    expect((await ctx.request(`${OFFICE.copy}/${id}`, { method: 'DELETE', agent: admin })).status).toBe(404);
  });
});

describe('who may do what (deny by default)', () => {
  const others: (StaffRole | null)[] = ['Chairman', 'UNO', 'Pollibidut', null];

  it('lets anyone submit, but only BADC and Admin read, change or delete', async () => {
    const { id } = await submitService(ctx, 'complaint', { seed: 400 });
    const copy = await submitService(ctx, 'copy', { seed: 401 });
    const row = (await list('complaint', badc, 'pageSize=500')).rows.find((r) => r.id === id)!;
    const routes = [
      { path: OFFICE.complaint, method: 'GET' },
      { path: OFFICE.copy, method: 'GET' },
      { path: `${OFFICE.complaint}/${id}/status`, method: 'PUT', json: { status: 'resolved', note: '' } },
      { path: `${OFFICE.copy}/${copy.id}/status`, method: 'PUT', json: { status: 'resolved', note: '' } },
      { path: `/api/services/files/${row.files[0]!.id}`, method: 'GET' },
      { path: `${OFFICE.complaint}/${id}`, method: 'DELETE' },
      { path: `${OFFICE.copy}/${copy.id}`, method: 'DELETE' },
    ];
    const agents = await Promise.all(others.map((role) => signInAs(ctx, role)));
    for (const r of routes) {
      const anon = await ctx.request(r.path, { method: r.method, json: r.json });
      expect(anon.status, `${r.method} ${r.path} anonymous`).toBe(401);
      for (const agent of agents) {
        const role = agent.role;
        const res = await ctx.request(r.path, { method: r.method, json: r.json, agent });
        expect(res.status, `${r.method} ${r.path} as ${role}`).toBe(403);
      }
    }
    // Nothing was changed by the refused calls.
    const still = (await list('complaint', admin, 'pageSize=500')).rows.find((r) => r.id === id)!;
    expect(still.status).toBe('received');
    for (const agent of [badc, admin]) {
      expect((await ctx.request(routes[0]!.path, { agent })).status).toBe(200);
      expect((await ctx.request(routes[4]!.path, { agent })).status).toBe(200);
    }
    expect((await ctx.request(routes[2]!.path, { method: 'PUT', json: routes[2]!.json, agent: admin })).status).toBe(
      204,
    );
    expect((await ctx.request(routes[5]!.path, { method: 'DELETE', agent: badc })).status).toBe(204);
  });
});
