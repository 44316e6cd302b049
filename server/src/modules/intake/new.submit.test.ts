import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeResponse } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { updateSettings } from '../settings/settings.repository.js';
import { jsonOf, problemOf, requiredFiles, submission } from '../applications/intake-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  // Addresses come from X-Forwarded-For, so a test can send from many phones (decision 015's limits).
  ctx = await createTestContext({ trustProxyHops: 1 });
});
afterAll(async () => {
  await ctx.close();
});

const post = (json: unknown, address?: string) =>
  ctx.request('/api/intake/new', {
    method: 'POST',
    json,
    headers: address ? { 'x-forwarded-for': address } : {},
  });

describe('POST /api/intake/new (a citizen submits the new-licence form)', () => {
  it('answers 201 with an application number, waiting for all six declared files', async () => {
    const body = submission(requiredFiles());
    const res = await post(body);
    expect(res.status).toBe(201);
    const out = await jsonOf<IntakeResponse>(res);
    expect(out).toMatchObject({ id: body.clientId, status: 'receiving' });
    expect(out.referenceNumber).toBeGreaterThan(0);
    expect(out.missingSlots).toEqual(['photo', 'signature', 'nid', 'landRecord', 'landTaxReceipt', 'mouzaMap']);

    const row = await ctx.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', body.clientId)
      .executeTakeFirstOrThrow();
    // Searchable copies are filled from the form; digits typed in Bangla are stored in Latin.
    expect(row).toMatchObject({
      applicant_name: 'রহিম উদ্দিন',
      father_name: 'করিম উদ্দিন',
      mobile: '01712345678',
      upazila: 'শিবগঞ্জ',
      union_name: 'কানসাট',
      jl_number: '12',
      dag_number: '56',
      intake_status: 'receiving',
      stage: 'StepOne',
      seen_chairman: false,
      submitted_at: null,
    });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('application_id', '=', body.clientId)
      .execute();
    expect(audit.map((a) => [a.action, a.actor_label])).toEqual([['submitted', 'citizen']]);
  });

  it('gives 50 applications sent at the same moment 50 different numbers', async () => {
    const bodies = Array.from({ length: 50 }, (_, i) => submission(requiredFiles(i * 10)));
    // From 50 phones: one address may send only so many new ones an hour (decision 015).
    const answers = await Promise.all(bodies.map((b, i) => post(b, `198.51.100.${i + 1}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { referenceNumber: number }).referenceNumber),
    );
    expect(new Set(numbers).size).toBe(50);
  });

  it('answers a repeat of the same item with the same number and keeps one row, even sent in parallel', async () => {
    const body = submission(requiredFiles(7));
    const first = await Promise.all([post(body), post(body), post(body)]);
    const statuses = first.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 201]);
    const numbers = await Promise.all(
      first.map(async (r) => ((await r.json()) as { referenceNumber: number }).referenceNumber),
    );
    expect(new Set(numbers).size).toBe(1);

    // Keys in another order and the files listed in another order are still the same content.
    const reordered = {
      ...body,
      files: [...body.files].reverse(),
      fields: Object.fromEntries(Object.entries(body.fields).reverse()),
    };
    const again = await post(reordered);
    expect(again.status).toBe(200);
    expect((await jsonOf<IntakeResponse>(again)).referenceNumber).toBe(numbers[0]);

    const rows = await ctx.db.selectFrom('applications').select('id').where('id', '=', body.clientId).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses the same id with different content as a conflict, in Bangla', async () => {
    const body = submission(requiredFiles(9));
    expect((await post(body)).status).toBe(201);
    const changed = { ...body, fields: { ...body.fields, village: 'অন্য গ্রাম' } };
    const res = await post(changed);
    expect(res.status).toBe(409);
    const out = await problemOf(res);
    expect(out.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(out.message).toMatch(/আবেদন/);
    const row = await ctx.db
      .selectFrom('applications')
      .select('village')
      .where('id', '=', body.clientId)
      .executeTakeFirstOrThrow();
    expect(row.village).toBe('কানসাট');
  });

  it('refuses a manifest without a required file, naming the missing slot', async () => {
    const files = requiredFiles();
    delete files.mouzaMap;
    const res = await post(submission(files));
    expect(res.status).toBe(400);
    const out = await problemOf(res);
    expect(out.code).toBe('VALIDATION');
    expect(out.fields).toEqual({ 'files.mouzaMap': 'এই ফাইলটি দেওয়া আবশ্যক।' });
  });

  it('refuses a declared file over 1,500,000 bytes with 413', async () => {
    const body = submission(requiredFiles());
    body.files[2]!.size = 1_500_001;
    const res = await post(body);
    expect(res.status).toBe(413);
    const out = await problemOf(res);
    expect(out.code).toBe('FILE_TOO_LARGE');
    expect(out.fields?.[`files.${body.files[2]!.slot}`]).toMatch(/১\.৫ মেগাবাইট/);
  });

  it('shows Bangla field messages for a bad form', async () => {
    const res = await post(submission(requiredFiles(), { fields: { mobile: '12345', fatherName: '' } }));
    expect(res.status).toBe(400);
    const out = await problemOf(res);
    expect(Object.keys(out.fields ?? {})).toEqual(expect.arrayContaining(['fields.mobile', 'fields.fatherName']));
    expect(out.fields?.['fields.fatherName']).toMatch(/[\u0980-\u09FF]/);
  });

  it('starts the pipeline where the Admin set it (destination and auto-forward)', async () => {
    await updateSettings(
      ctx.db,
      { destination: 'StepTwo', autoForwardChairman: 'Seen', autoForwardBADC: 'Seen' },
      { updatedBy: null, now: ctx.clock.now },
    );
    const body = submission(requiredFiles(11));
    expect((await post(body)).status).toBe(201);
    const row = await ctx.db
      .selectFrom('applications')
      .select(['stage', 'seen_chairman', 'seen_uno', 'seen_badc', 'seen_pollibidut'])
      .where('id', '=', body.clientId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      stage: 'StepTwo',
      seen_chairman: true,
      seen_uno: false,
      seen_badc: true,
      seen_pollibidut: false,
    });
    await updateSettings(
      ctx.db,
      { destination: 'StepOne', autoForwardChairman: 'Unseen', autoForwardBADC: 'Unseen' },
      { updatedBy: null, now: ctx.clock.now },
    );
  });

  it('refuses new applications with 403 while the office has closed them, but still answers a repeat', async () => {
    const earlier = submission(requiredFiles(13));
    const first = await post(earlier);
    expect(first.status).toBe(201);
    await updateSettings(ctx.db, { others1: 'OFF' }, { updatedBy: null, now: ctx.clock.now });
    try {
      const res = await post(submission(requiredFiles(15)));
      expect(res.status).toBe(403);
      const out = await problemOf(res);
      expect(out.code).toBe('APPLICATIONS_CLOSED');
      expect(out.message).toBe('এই মুহূর্তে অনলাইনে আবেদন গ্রহণ বন্ধ আছে।');
      // The phone sent this one while applications were open; its retry gets the first answer.
      const repeat = await post(earlier);
      expect(repeat.status).toBe(200);
      expect((await jsonOf<IntakeResponse>(repeat)).referenceNumber).toBe(
        (await jsonOf<IntakeResponse>(first)).referenceNumber,
      );
    } finally {
      await updateSettings(ctx.db, { others1: 'ON' }, { updatedBy: null, now: ctx.clock.now });
    }
  });
});
