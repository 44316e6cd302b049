import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatusPanel } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { insertApplication, verifiedAgent } from '../verification/verification-fixtures.js';
import { reviewProgress } from './progress.js';

describe('review progress shown to the applicant', () => {
  it('moves level by level from the Chairman to the final decision', () => {
    const none = { chairman: false, uno: false };
    expect(reviewProgress('StepOne', none)).toEqual({ chairman: 'current', uno: 'waiting', badc: 'waiting' });
    expect(reviewProgress('StepTwo', { chairman: true, uno: false })).toEqual({
      chairman: 'done',
      uno: 'current',
      badc: 'waiting',
    });
    expect(reviewProgress('StepThree', { chairman: true, uno: true })).toEqual({
      chairman: 'done',
      uno: 'done',
      badc: 'current',
    });
    expect(reviewProgress('Pending', none)).toEqual({ chairman: 'done', uno: 'done', badc: 'current' });
    expect(reviewProgress('NotApprovable', none).badc).toBe('current');
    expect(reviewProgress('Approved', none)).toEqual({ chairman: 'done', uno: 'done', badc: 'done' });
    expect(reviewProgress('Decline', none).badc).toBe('done');
    // An auto-forward setting marks the Chairman's level seen on submission.
    expect(reviewProgress('StepOne', { chairman: true, uno: false }).chairman).toBe('done');
  });
});

describe('GET /api/citizen/application', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    await ctx.close();
  });

  async function panelOf(app: { application_number: number }, mobile: string): Promise<StatusPanel> {
    const agent = await verifiedAgent(ctx, app, mobile);
    const res = await ctx.request('/api/citizen/application', { agent });
    expect(res.status).toBe(200);
    return (await res.json()) as StatusPanel;
  }

  async function addLicence(applicationId: string, opts: { suspendNote?: string } = {}) {
    await ctx.db
      .insertInto('licences')
      .values({
        id: crypto.randomUUID(),
        application_id: applicationId,
        term_years: 3,
        is_testing: false,
        issued_on: '2026-01-01',
        valid_from: '2026-01-01',
        valid_to: '2029-01-01',
        status: opts.suspendNote ? 'suspended' : 'active',
        suspend_note: opts.suspendNote ?? null,
        created_at: ctx.clock.now,
      })
      .execute();
  }

  it('shows a fresh application waiting for the Chairman, with no reasons and no licence', async () => {
    const app = await insertApplication(ctx, { mobile: '01712345678', name: 'করিম মিয়া' });
    const panel = await panelOf(app, '01712345678');
    expect(panel).toMatchObject({
      applicationId: app.id,
      applicationNumber: app.application_number,
      applicantName: 'করিম মিয়া',
      stage: 'StepOne',
      progress: { chairman: 'current', uno: 'waiting', badc: 'waiting' },
      finalRemarks: null,
      suspendNote: null,
      licence: null,
    });
  });

  it('gives the reasons of a declined application but not the remarks of one still under review', async () => {
    const declined = await insertApplication(ctx, {
      mobile: '01712345678',
      stage: 'Decline',
      finalRemarks: 'জমির দলিল অস্পষ্ট',
    });
    expect((await panelOf(declined, '01712345678')).finalRemarks).toBe('জমির দলিল অস্পষ্ট');
    const pending = await insertApplication(ctx, {
      mobile: '01812345678',
      stage: 'Approvable',
      finalRemarks: 'অভ্যন্তরীণ মন্তব্য',
    });
    expect((await panelOf(pending, '01812345678')).finalRemarks).toBeNull();
  });

  it('shows the licence, online only when the office allows it, and the cancellation note when suspended', async () => {
    const approved = await insertApplication(ctx, { mobile: '01712345678', stage: 'Approved' });
    await addLicence(approved.id);
    expect((await panelOf(approved, '01712345678')).licence).toMatchObject({
      validTo: '2029-01-01',
      status: 'active',
      onlineAvailable: true,
    });

    await ctx.db
      .updateTable('site_settings')
      .set({ data: JSON.stringify({ licenseOnline: 'OFF' }) })
      .where('id', '=', 1)
      .execute();
    const offline = await insertApplication(ctx, { mobile: '01812345678', stage: 'Approved' });
    await addLicence(offline.id);
    expect((await panelOf(offline, '01812345678')).licence?.onlineAvailable).toBe(false);

    // A cancelled licence is the licence's own status now (the application stays Approved).
    const suspended = await insertApplication(ctx, { mobile: '01912345678', stage: 'Approved' });
    await addLicence(suspended.id, { suspendNote: 'শর্ত ভঙ্গের কারণে' });
    const panel = await panelOf(suspended, '01912345678');
    expect(panel.suspendNote).toBe('শর্ত ভঙ্গের কারণে');
    expect(panel.licence).toMatchObject({ status: 'suspended', onlineAvailable: false });
    expect(panel.stage).toBe('Approved');
  });
});
