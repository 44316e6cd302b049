import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIZEN_GRANT_COOKIE, PRINT_CAPABILITY_DAYS, formKaSchema } from '@portal/shared';
import { Agent, createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs } from '../../test/roles.js';
import { hashGrantToken } from '../../platform/http/citizen-grant.js';
import { updateSettings } from '../settings/settings.repository.js';
import { listAttachments } from '../../platform/files/blob-store.js';
import { problemOf, requiredFiles, submitComplete } from './intake-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await updateSettings(ctx.db, { address: 'শিবগঞ্জ', jilla: 'চাঁপাইনবাবগঞ্জ' }, { updatedBy: null, now: ctx.clock.now });
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 24 * 60 * 60 * 1000;

/** A browser holding a verified grant (as the verification feature issues it) for one application. */
async function citizenWithGrant(applicationId: string): Promise<Agent> {
  const token = crypto.randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('citizen_grants')
    .values({
      token_hash: hashGrantToken(token),
      application_id: applicationId,
      purpose: 1,
      expires_at: new Date(ctx.clock.now.getTime() + 30 * 60 * 1000),
      created_at: ctx.clock.now,
    })
    .execute();
  const agent = new Agent();
  agent.cookies.set(CITIZEN_GRANT_COOKIE, token);
  return agent;
}

describe('GET /api/applications/:id/print (Form-Ka)', () => {
  it('gives the phone that made the application its printable form, with the photo', async () => {
    const { id, applicationNumber } = await submitComplete(ctx, requiredFiles(1));
    const res = await ctx.request(`/api/applications/${id}/print`);
    expect(res.status).toBe(200);
    const form = formKaSchema.parse(await res.json());
    expect(form).toMatchObject({
      id,
      applicationNumber,
      kind: 'New',
      intakeStatus: 'complete',
      upazila: 'শিবগঞ্জ',
      district: 'চাঁপাইনবাবগঞ্জ',
    });
    expect(form.fields.fatherName).toBe('করিম উদ্দিন');
    expect(form.filesPresent.sort()).toEqual(['landRecord', 'landTaxReceipt', 'mouzaMap', 'nid', 'photo', 'signature']);
    expect(form.photoUrl).toBe(`/api/applications/${id}/photo`);

    const photo = await ctx.request(form.photoUrl!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(photo.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(photo.headers.get('content-disposition')).toBe('inline; filename="photo.jpg"');
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(requiredFiles(1).photo!.bytes);
  });

  it('answers 404 for an unknown or malformed id, exactly like a hidden one', async () => {
    const unknown = await ctx.request(`/api/applications/${crypto.randomUUID()}/print`);
    expect(unknown.status).toBe(404);
    expect((await problemOf(unknown)).code).toBe('NOT_FOUND');
    expect((await ctx.request('/api/applications/12345/print')).status).toBe(404);
  });

  it(`stops serving the id holder after ${PRINT_CAPABILITY_DAYS} days, but still serves staff and a verified citizen`, async () => {
    const { id } = await submitComplete(ctx, requiredFiles(2));
    const other = await submitComplete(ctx, requiredFiles(3));
    ctx.clock.advance((PRINT_CAPABILITY_DAYS + 1) * DAY);
    try {
      // The Chairman: the application is on its unseen list (docs/decisions/017-permissions.md).
      const staff = await signInAs(ctx, 'Chairman');
      const noRole = await signInAs(ctx, null);
      expect((await ctx.request(`/api/applications/${id}/print`)).status).toBe(404);
      expect((await ctx.request(`/api/applications/${id}/photo`)).status).toBe(404);
      const citizen = await citizenWithGrant(id);
      expect((await ctx.request(`/api/applications/${id}/print`, { agent: citizen })).status).toBe(200);
      expect((await ctx.request(`/api/applications/${id}/photo`, { agent: citizen })).status).toBe(200);
      // A grant for another application opens nothing here.
      const stranger = await citizenWithGrant(other.id);
      expect((await ctx.request(`/api/applications/${id}/print`, { agent: stranger })).status).toBe(404);
      // Staff: the roles that review it; an account still waiting for a role is not staff.
      expect((await ctx.request(`/api/applications/${id}/print`, { agent: staff })).status).toBe(200);
      expect((await ctx.request(`/api/applications/${id}/print`, { agent: noRole })).status).toBe(404);
    } finally {
      ctx.clock.advance(-(PRINT_CAPABILITY_DAYS + 1) * DAY);
    }
  });
});

describe('GET /api/files/:fileId', () => {
  it('serves a file to the reviewing staff and the verified citizen of its application, 403 to other staff, 404 to anyone else', async () => {
    const { id } = await submitComplete(ctx, requiredFiles(4));
    const other = await submitComplete(ctx, requiredFiles(5));
    const files = await listAttachments(ctx.db, id);
    const pdf = files.find((f) => f.mime === 'application/pdf')!;
    const png = files.find((f) => f.mime === 'image/png')!;

    // Knowing the application id is not enough for the documents (NID, land papers).
    expect((await ctx.request(`/api/files/${pdf.id}`)).status).toBe(404);
    expect((await ctx.request(`/api/files/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await ctx.request(`/api/files/${pdf.id}`, { agent: await citizenWithGrant(other.id) })).status).toBe(404);
    expect((await ctx.request(`/api/files/${pdf.id}`, { agent: await signInAs(ctx, null) })).status).toBe(404);

    // At the Chairman's stage only the Chairman reviews it (docs/decisions/017-permissions.md); the
    // register's keepers, BADC and the Admin, read every application (docs/decisions/037).
    for (const role of ['Admin', 'Chairman', 'UNO', 'BADC', 'Pollibidut'] as const) {
      const res = await ctx.request(`/api/files/${png.id}`, { agent: await signInAs(ctx, role) });
      expect(res.status, role).toBe(role === 'UNO' || role === 'Pollibidut' ? 403 : 200);
    }
    const citizen = await citizenWithGrant(id);
    const res = await ctx.request(`/api/files/${pdf.id}`, { agent: citizen });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${pdf.slot}.pdf"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(requiredFiles(4)[pdf.slot as 'nid']!.bytes);
  });
});
