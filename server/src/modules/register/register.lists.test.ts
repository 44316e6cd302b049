import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stage } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { registerApplication, registerList } from './register-fixtures.js';

/**
 * The four all-application lists of BADC and the Admin (spec 2 §2 "Application lists";
 * docs/decisions/037-register-lists-and-exports.md): paging, search, sort, filters and counters
 * done by the database.
 */
let ctx: TestContext;
let badc: StaffAgent, admin: StaffAgent;
const DAY = 86_400_000;
/** 21 November 2026, 10:00 in Dhaka. */
const NOW = new Date('2026-11-21T04:00:00Z');
const UNIONS = ['কানসাট', 'বিনোদপুর', 'শ্যামপুর'];
const STAGE_CYCLE: Stage[] = ['StepOne', 'StepTwo', 'StepThree', 'Pending', 'Approved', 'Decline'];
const newNumbers: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.now = NOW;
  [badc, admin] = await Promise.all([signInAs(ctx, 'BADC'), signInAs(ctx, 'Admin')]);
  // 24 new-well applications, one a day (the newest yesterday), across three unions and six stages.
  for (let i = 0; i < 24; i++) {
    const app = await registerApplication(ctx, {
      kind: 'New',
      applicantName: `আবেদনকারী ${String(i).padStart(2, '0')}`,
      fatherName: i === 5 ? 'জব্বার মিয়া' : `পিতা ${i}`,
      mobile: `0171000${String(i).padStart(4, '0')}`,
      union: UNIONS[i % 3],
      village: i === 9 ? 'Kansat Bazar' : `গ্রাম ${i}`,
      dagNumber: i === 11 ? '9987' : String(100 + i),
      stage: STAGE_CYCLE[i % 6],
      submittedAt: new Date(NOW.getTime() - (24 - i) * DAY),
    });
    newNumbers.push(app.applicationNumber);
  }
  for (let i = 0; i < 3; i++) await registerApplication(ctx, { kind: 'Existing', applicantName: `বিদ্যমান ${i}` });
  for (let i = 0; i < 2; i++) await registerApplication(ctx, { kind: 'Old', stage: 'Approved' });
  for (let i = 0; i < 4; i++) await registerApplication(ctx, { kind: 'Renew' });
  await registerApplication(ctx, { kind: 'NameChange' });
  await registerApplication(ctx, { kind: 'NameChange', stage: 'Pending' });
  await registerApplication(ctx, { kind: 'PlotChange' });
  // Still receiving its files: not yet an application, on no list.
  await registerApplication(ctx, { kind: 'New', intakeStatus: 'receiving' });
});
afterAll(() => ctx.close());

describe('the all-application lists', () => {
  it('pages the new list (New and Existing) newest first, with the total and the counts by stage', async () => {
    const first = await registerList(ctx, badc, 'new', { pageSize: 10 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 27, page: 1, pageSize: 10 });
    expect(first.body.rows).toHaveLength(10);
    // The three existing-well applications were submitted "now", after every new one.
    expect(first.body.rows.slice(0, 3).map((r) => r.kind)).toEqual(['Existing', 'Existing', 'Existing']);
    expect(first.body.rows[3]!.applicantName).toBe('আবেদনকারী 23');
    const { byStage, total, deleted } = first.body.counters;
    expect(total).toBe(27);
    // Four new ones at each of six stages, and the three existing ones at the Chairman's.
    expect(byStage).toMatchObject({ StepOne: 7, StepTwo: 4, StepThree: 4, Pending: 4, Approved: 4, Decline: 4 });
    expect(byStage.Approvable).toBe(0);
    // Only the Admin, who may restore them, is told how many are deleted.
    expect(deleted).toBeNull();
    expect((await registerList(ctx, admin, 'new')).body.counters.deleted).toBe(0);

    const last = await registerList(ctx, badc, 'new', { pageSize: 10, page: 3 });
    expect(last.body.rows.map((r) => r.applicantName)).toEqual(
      ['06', '05', '04', '03', '02', '01', '00'].map((n) => `আবেদনকারী ${n}`),
    );
  });

  it('gives each list its own kinds', async () => {
    const kinds = async (list: string) => (await registerList(ctx, admin, list)).body.rows.map((r) => r.kind).sort();
    expect(await kinds('old')).toEqual(['Old', 'Old']);
    expect(await kinds('change')).toEqual(['NameChange', 'NameChange', 'PlotChange']);
    expect(await kinds('renew')).toEqual(['Renew', 'Renew', 'Renew', 'Renew']);
  });

  it('filters by kind, stage, union and submission dates, and keeps the stage counts of the rest', async () => {
    expect((await registerList(ctx, badc, 'new', { kind: 'Existing' })).body.total).toBe(3);
    expect((await registerList(ctx, badc, 'change', { kind: 'PlotChange' })).body.total).toBe(1);

    const pending = await registerList(ctx, badc, 'new', { stage: 'Pending' });
    expect(pending.body.total).toBe(4);
    expect(pending.body.rows.every((r) => r.stage === 'Pending')).toBe(true);
    // The counters stay those of the whole list, so the other stages can still be chosen.
    expect(pending.body.counters).toMatchObject({ total: 27, byStage: { StepOne: 7, Pending: 4 } });

    const union = await registerList(ctx, badc, 'new', { union: UNIONS[1]!, stage: 'StepTwo' });
    expect(union.body.rows.map((r) => r.applicantName)).toEqual([
      'আবেদনকারী 19',
      'আবেদনকারী 13',
      'আবেদনকারী 07',
      'আবেদনকারী 01',
    ]);

    // Submitted 10 to 8 days before "now" in Dhaka: 11, 12 and 13 November 2026 (numbers 14, 15, 16).
    const range = await registerList(ctx, badc, 'new', {
      from: '2026-11-11',
      to: '2026-11-13',
      sort: 'submittedAt',
      dir: 'asc',
    });
    expect(range.body.rows.map((r) => r.applicantName)).toEqual(['আবেদনকারী 14', 'আবেদনকারী 15', 'আবেদনকারী 16']);
    // Bangla digits in a date are read as Latin ones.
    expect((await registerList(ctx, badc, 'new', { from: '২০২৬-১১-১১', to: '২০২৬-১১-১১' })).body.total).toBe(1);
  });

  it('refuses a kind the list does not hold, a range that ends before it starts and an odd page size, in Bangla', async () => {
    const wrongKind = await registerList(ctx, badc, 'new', { kind: 'Renew' });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error?.fields?.kind).toBe('এই তালিকায় এই ধরনের আবেদন থাকে না।');
    const backwards = await registerList(ctx, badc, 'new', { from: '2026-11-13', to: '2026-11-11' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error?.fields?.to).toBe('শেষের তারিখ শুরুর তারিখের আগে হতে পারে না।');
    expect((await registerList(ctx, badc, 'new', { pageSize: 7 })).status).toBe(400);
    expect((await registerList(ctx, badc, 'everything')).status).toBe(400);
    // An empty filter field is no filter.
    expect((await registerList(ctx, badc, 'new', { kind: '', stage: '', union: '', from: '' })).body.total).toBe(27);
  });

  it('searches number, name, father, mobile, village and plot, case-insensitively, and a typed date', async () => {
    const names = async (q: string) =>
      (await registerList(ctx, badc, 'new', { q })).body.rows.map((r) => r.applicantName);
    expect(await names('জব্বার')).toEqual(['আবেদনকারী 05']);
    expect(await names('KANSAT bazar')).toEqual(['আবেদনকারী 09']);
    expect(await names('৯৯৮৭')).toEqual(['আবেদনকারী 11']);
    expect(await names('01710000017')).toEqual(['আবেদনকারী 17']);
    expect(await names(String(newNumbers[3]))).toContain('আবেদনকারী 03');
    // Submitted 3 days before "now": 18 November 2026 in Dhaka.
    expect(await names('18-11-2026')).toEqual(['আবেদনকারী 21']);
    expect(await names('%')).toEqual([]);
  });

  it('sorts by a whitelisted column both ways, with stable pages', async () => {
    const byName = await registerList(ctx, badc, 'new', { sort: 'applicantName', dir: 'asc', pageSize: 5 });
    expect(byName.body.rows.map((r) => r.applicantName)).toEqual(
      ['00', '01', '02', '03', '04'].map((n) => `আবেদনকারী ${n}`),
    );
    const byFather = await registerList(ctx, badc, 'new', {
      sort: 'fatherName',
      dir: 'desc',
      pageSize: 5,
      kind: 'New',
    });
    expect(byFather.body.rows.map((r) => r.fatherName)).toEqual(['পিতা 9', 'পিতা 8', 'পিতা 7', 'পিতা 6', 'পিতা 4']);
    // Many rows share a stage: every application still comes exactly once over the pages.
    const seen: string[] = [];
    for (let page = 1; page <= 6; page++)
      seen.push(
        ...(await registerList(ctx, badc, 'new', { sort: 'stage', pageSize: 5, page })).body.rows.map((r) => r.id),
      );
    expect(new Set(seen).size).toBe(27);
    expect((await registerList(ctx, badc, 'new', { sort: 'password' })).status).toBe(400);
  });

  it('is BADC’s and the Admin’s only; the deleted filter is the Admin’s', async () => {
    for (const role of ['Chairman', 'UNO', 'Pollibidut'] as const) {
      const agent = await signInAs(ctx, role);
      const res = await registerList(ctx, agent, 'new');
      expect(res.status, role).toBe(403);
      expect(res.body.error?.code, role).toBe('FORBIDDEN');
    }
    expect((await ctx.request('/api/staff/register/new')).status).toBe(401);
    expect((await registerList(ctx, badc, 'new', { deleted: 'true' })).status).toBe(403);
    expect((await registerList(ctx, admin, 'new', { deleted: 'true' })).body).toMatchObject({ total: 0, rows: [] });
  });
});
