import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CitizenForm, ProblemBody } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { jpegBytes, pdfBytes } from '../applications/intake-fixtures.js';
import { verifiedAgent } from '../verification/verification-fixtures.js';
import { insertReviewedApplication, putBytes } from './citizen-fixtures.js';

const MOBILE = '01712345678';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const problemOf = async (res: Response) => ((await res.json()) as ProblemBody).error;

describe('the consent letter (/verification/5)', () => {
  it('says so when the office has given no form yet, and takes no letter until it has', async () => {
    const app = await insertReviewedApplication(ctx, { mobile: MOBILE, stage: 'Approvable' });
    const agent = await verifiedAgent(ctx, app, MOBILE, 5);
    const form = await ctx.request('/api/citizen/application/consent-form', { agent });
    expect(form.status).toBe(409);
    expect((await problemOf(form)).code).toBe('CONSENT_FORM_MISSING');
    const put = await putBytes(ctx, '/api/citizen/application/consent', agent, pdfBytes(1), 'application/pdf');
    expect(put.status).toBe(409);
    expect((await problemOf(put)).message).toMatch(/সম্মতিপত্র/);
  });

  it("downloads the office's form and takes the signed letter, which BADC then finds among the application's files", async () => {
    const app = await insertReviewedApplication(ctx, { mobile: MOBILE, stage: 'Approvable', officeConsent: true });
    const agent = await verifiedAgent(ctx, app, MOBILE, 5);

    const form = await ctx.request('/api/citizen/application/consent-form', { agent });
    expect(form.status).toBe(200);
    expect(form.headers.get('content-type')).toBe('application/pdf');
    expect(form.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await form.arrayBuffer()).equals(Buffer.from(pdfBytes(99)))).toBe(true);

    const put = await putBytes(ctx, '/api/citizen/application/consent', agent, jpegBytes(5), 'image/jpeg');
    expect(put.status).toBe(200);
    expect(((await put.json()) as CitizenForm).consent).toEqual({ officeForm: true, uploaded: true, open: true });
    const held = await ctx.db
      .selectFrom('application_files as f')
      .innerJoin('blobs as b', 'b.id', 'f.blob_id')
      .select(['f.id', 'b.mime'])
      .where('f.application_id', '=', app.id)
      .where('f.slot', '=', 'citizenConsent')
      .executeTakeFirstOrThrow();
    expect(held.mime).toBe('image/jpeg');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('application_id', '=', app.id)
      .where('action', '=', 'uploadFile')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_label: 'citizen', note: 'citizenConsent' });
    expect(audit[0]!.details).toMatchObject({ slot: 'citizenConsent', newFileId: held.id, oldFileId: null });
  });

  it('refuses the letter once the application is approved or declined, and without the grant of this service', async () => {
    for (const stage of ['Approved', 'Decline'] as const) {
      const mobile = stage === 'Approved' ? '01812345678' : '01912345678';
      const app = await insertReviewedApplication(ctx, { mobile, stage, officeConsent: true });
      const agent = await verifiedAgent(ctx, app, mobile, 5);
      const put = await putBytes(ctx, '/api/citizen/application/consent', agent, pdfBytes(2), 'application/pdf');
      expect(put.status, stage).toBe(409);
      expect((await problemOf(put)).code).toBe('CONSENT_CLOSED');
    }
    const app = await insertReviewedApplication(ctx, { mobile: MOBILE, stage: 'Approvable', officeConsent: true });
    const amendOnly = await verifiedAgent(ctx, app, MOBILE, 4);
    expect((await ctx.request('/api/citizen/application/consent-form', { agent: amendOnly })).status).toBe(401);
    const put = await putBytes(ctx, '/api/citizen/application/consent', amendOnly, pdfBytes(2), 'application/pdf');
    expect(put.status).toBe(401);
    expect(
      await ctx.db.selectFrom('application_files').select('id').where('slot', '=', 'citizenConsent').execute(),
    ).toEqual([]);
  });
});
