import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bn,
  DEFAULT_HOLIDAYS,
  DEFAULT_STAGE_TARGETS,
  type OverdueSummary,
  type ProblemBody,
  type QueuePage,
  type StaffRole,
  type StatusPanel,
} from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { act, insertApplication } from '../requests/request-fixtures.js';
import { insertApplication as insertCitizenApplication, verifiedAgent } from '../verification/verification-fixtures.js';

/**
 * Deadlines per stage (docs/decisions/040-stage-deadlines.md) through the real API: each list row's
 * age and overdue mark, the clock starting again when a request changes stage, the dashboards'
 * overdue counts, the Admin's targets and holidays, and the applicant's expected date.
 *
 * The clock stands at Thursday 3 December 2026, 10:00 in Dhaka. Fridays and Saturdays do not count.
 */
const NOW = new Date('2026-12-03T04:00:00Z');
const at = (isoDate: string) => new Date(`${isoDate}T04:00:00Z`); // 10:00 in Dhaka that day

async function list(ctx: TestContext, agent: StaffAgent, queue: string, query = '') {
  const res = await ctx.request(`/api/staff/queues/${queue}?pageSize=100${query}`, { agent });
  expect(res.status).toBe(200);
  return (await res.json()) as QueuePage;
}
const rowOf = (page: QueuePage, id: string) => page.rows.find((r) => r.id === id)!;

describe('review lists carry each request’s age in its stage', () => {
  let ctx: TestContext;
  const agents = {} as Record<StaffRole, StaffAgent>;
  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.clock.now = NOW;
    for (const role of ['Chairman', 'UNO', 'BADC'] as const) agents[role] = await signInAs(ctx, role);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('counts working days since the request arrived, and marks the overdue ones', async () => {
    // Tuesday 24 November: 7 working days to today, 4 past the Chairman's 3.
    const late = await insertApplication(ctx, { submittedAt: at('2026-11-24') });
    // Saturday 28 November (a weekend day): 5 working days, 2 past.
    const weekend = await insertApplication(ctx, { submittedAt: new Date('2026-11-27T20:00:00Z') });
    // Yesterday: 1 working day, due on Monday 7 December.
    const fresh = await insertApplication(ctx, { submittedAt: at('2026-12-02') });

    const page = await list(ctx, agents.Chairman, 'chairman-unseen');
    expect(rowOf(page, late.id).deadline).toEqual({
      since: '2026-11-24',
      due: '2026-11-29',
      targetDays: 3,
      ageDays: 7,
      overdueDays: 4,
      paused: false,
    });
    expect(rowOf(page, weekend.id).deadline).toMatchObject({ since: '2026-11-28', ageDays: 5, overdueDays: 2 });
    expect(rowOf(page, fresh.id).deadline).toMatchObject({ due: '2026-12-07', ageDays: 1, overdueDays: 0 });

    // Sorted by the day the stage began, oldest first: the longest waiting lead.
    const byAge = await list(ctx, agents.Chairman, 'chairman-unseen', '&sort=stageSince&dir=asc');
    const order = byAge.rows.map((r) => r.id).filter((id) => [late.id, weekend.id, fresh.id].includes(id));
    expect(order).toEqual([late.id, weekend.id, fresh.id]);
  });

  it('starts the clock again when the request moves to the next stage', async () => {
    const app = await insertApplication(ctx, { submittedAt: at('2026-11-16') });
    expect((await act(ctx, agents.Chairman, app.id, { action: 'forward', payload: {} })).status).toBe(200);

    const row = rowOf(await list(ctx, agents.UNO, 'uno-unseen'), app.id);
    expect(row.stage).toBe('StepTwo');
    expect(row.deadline).toEqual({
      since: '2026-12-03',
      due: '2026-12-08',
      targetDays: 3,
      ageDays: 0,
      overdueDays: 0,
      paused: false,
    });
  });

  it('stops the office’s clock while the applicant is asked to correct, and restarts it after', async () => {
    const seen = { chairman: true, uno: true, badc: true };
    const app = await insertApplication(ctx, { stage: 'Pending', seen, submittedAt: at('2026-11-02') });
    expect(rowOf(await list(ctx, agents.BADC, 'pending'), app.id).deadline).toMatchObject({
      targetDays: 5,
      overdueDays: 18,
      paused: false,
    });

    const asked = await act(ctx, agents.BADC, app.id, {
      action: 'requestRecheck',
      payload: { on: true, message: 'দাগ নম্বর ঠিক করুন' },
    });
    expect(asked.status).toBe(200);
    expect(rowOf(await list(ctx, agents.BADC, 'pending'), app.id).deadline).toMatchObject({
      overdueDays: 0,
      paused: true,
    });

    ctx.clock.advance(60 * 60 * 1000);
    expect((await act(ctx, agents.BADC, app.id, { action: 'requestRecheck', payload: { on: false } })).status).toBe(
      200,
    );
    expect(rowOf(await list(ctx, agents.BADC, 'pending'), app.id).deadline).toMatchObject({
      since: '2026-12-03',
      ageDays: 0,
      overdueDays: 0,
      paused: false,
    });
  });

  it('gives none on a final stage', async () => {
    const seen = { chairman: true, uno: true, badc: true };
    const app = await insertApplication(ctx, { stage: 'Decline', seen, submittedAt: at('2026-10-01') });
    expect(rowOf(await list(ctx, agents.BADC, 'decline'), app.id).deadline).toBeNull();
  });
});

describe('the dashboards count overdue work per stage', () => {
  let ctx: TestContext;
  const agents = {} as Record<StaffRole, StaffAgent>;
  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.clock.now = NOW;
    for (const role of ['Chairman', 'UNO', 'BADC', 'Pollibidut', 'Admin'] as const) {
      agents[role] = await signInAs(ctx, role);
    }
  }, 120_000);
  afterAll(() => ctx?.close());

  async function overdue(role: StaffRole) {
    const res = await ctx.request('/api/staff/deadlines/overdue', { agent: agents[role] });
    expect(res.status).toBe(200);
    return (await res.json()) as OverdueSummary;
  }
  const count = (s: OverdueSummary, pipeline: string, stage: string) =>
    s.stages.find((x) => x.pipeline === pipeline && x.stage === stage);

  it('gives each role the stages it works, with requests open and overdue', async () => {
    const seen = { chairman: true, uno: true, badc: true };
    await insertApplication(ctx, { submittedAt: at('2026-11-24') }); // overdue at the Chairman
    await insertApplication(ctx, { submittedAt: at('2026-12-02') }); // in time
    await insertApplication(ctx, { kind: 'Renew', submittedAt: at('2026-11-26') }); // renewal: 5 working days, overdue
    await insertApplication(ctx, {
      stage: 'StepThree',
      seen: { chairman: true, uno: true },
      submittedAt: at('2026-11-24'),
    }); // 7 of 7: in time
    await insertApplication(ctx, { kind: 'PlotChange', stage: 'Pending', seen, submittedAt: at('2026-11-19') }); // overdue
    await insertApplication(ctx, { stage: 'Approved', seen, submittedAt: at('2026-01-01') }); // final: not counted
    await insertApplication(ctx, { intakeStatus: 'receiving', submittedAt: at('2026-11-01') }); // not yet an application
    // Deleted: on no count (decision 037).
    const gone = await insertApplication(ctx, { submittedAt: at('2026-11-01') });
    await ctx.db
      .updateTable('applications')
      .set({ deleted_at: NOW, delete_reason: 'ভুল করে জমা' })
      .where('id', '=', gone.id)
      .execute();

    const chairman = await overdue('Chairman');
    expect(chairman.today).toBe('2026-12-03');
    expect(chairman.stages.map((s) => `${s.pipeline}/${s.stage}`)).toEqual([
      'new/StepOne',
      'renewal/StepOne',
      'change/StepOne',
    ]);
    expect(count(chairman, 'new', 'StepOne')).toEqual({
      pipeline: 'new',
      stage: 'StepOne',
      queue: 'chairman-unseen',
      targetDays: 3,
      open: 2,
      overdue: 1,
    });
    expect(count(chairman, 'renewal', 'StepOne')).toMatchObject({ open: 1, overdue: 1 });

    const badc = await overdue('BADC');
    expect(badc.stages.map((s) => `${s.pipeline}/${s.stage}`)).toEqual([
      'new/StepThree',
      'new/Pending',
      'new/Approvable',
      'new/NotApprovable',
      'renewal/StepThree',
      'change/Pending',
    ]);
    expect(count(badc, 'new', 'StepThree')).toMatchObject({ open: 1, overdue: 0 });
    expect(count(badc, 'change', 'Pending')).toMatchObject({ queue: 'change-pending', open: 1, overdue: 1 });

    expect((await overdue('UNO')).stages.map((s) => s.queue)).toEqual([
      'uno-unseen',
      'uno-renew-unseen',
      'uno-change-unseen',
    ]);
    expect((await overdue('Pollibidut')).stages).toEqual([]);
    const admin = await overdue('Admin');
    expect(admin.stages).toHaveLength(12);
    expect(admin.stages.reduce((n, s) => n + s.overdue, 0)).toBe(3);
  });

  it('follows the Admin’s holidays and targets', async () => {
    const before = count(await overdue('Admin'), 'renewal', 'StepOne')!.overdue;
    // Sunday 29 and Monday 30 November as holidays: the renewal of Thursday 26 November is 3 working days old.
    const put = await ctx.request('/api/admin/settings', {
      method: 'PUT',
      agent: agents.Admin,
      json: { holidays: [...DEFAULT_HOLIDAYS, '2026-11-29', '2026-11-30'] },
    });
    expect(put.status).toBe(200);
    expect(count(await overdue('Admin'), 'renewal', 'StepOne')!.overdue).toBe(before - 1);

    const longer = await ctx.request('/api/admin/settings', {
      method: 'PUT',
      agent: agents.Admin,
      json: {
        holidays: [...DEFAULT_HOLIDAYS],
        stageTargets: { ...DEFAULT_STAGE_TARGETS, new: { ...DEFAULT_STAGE_TARGETS.new, StepOne: 10 } },
      },
    });
    expect(longer.status).toBe(200);
    const after = await overdue('Admin');
    expect(count(after, 'new', 'StepOne')).toMatchObject({ targetDays: 10, overdue: 0 });
    expect(count(after, 'renewal', 'StepOne')!.overdue).toBe(before);
  });
});

describe('the Admin’s deadline settings', () => {
  let ctx: TestContext;
  let admin: StaffAgent;
  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.clock.now = NOW;
    admin = await signInAs(ctx, 'Admin');
  }, 120_000);
  afterAll(() => ctx?.close());

  const put = (json: unknown, agent = admin) => ctx.request('/api/admin/settings', { method: 'PUT', agent, json });

  it('refuses a target outside 1..60 working days and a date that does not exist, in Bangla', async () => {
    const targets = await put({
      stageTargets: { ...DEFAULT_STAGE_TARGETS, new: { ...DEFAULT_STAGE_TARGETS.new, StepOne: 0 } },
    });
    expect(targets.status).toBe(400);
    const body = (await targets.json()) as ProblemBody;
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.fields).toEqual({ 'stageTargets.new.StepOne': bn['deadlines.v.target'] });

    const days = await put({ holidays: ['12-16', '2026-02-30'] });
    expect(days.status).toBe(400);
    expect(((await days.json()) as ProblemBody).error.fields).toEqual({ 'holidays.1': bn['deadlines.v.holiday'] });

    const stored = (await (await ctx.request('/api/admin/settings', { agent: admin })).json()) as {
      stageTargets: unknown;
      holidays: string[];
    };
    expect(stored.stageTargets).toEqual(DEFAULT_STAGE_TARGETS);
    expect(stored.holidays).toEqual([...DEFAULT_HOLIDAYS]);
  });

  it('saves a change and audits it with the values before and after', async () => {
    const targets = { ...DEFAULT_STAGE_TARGETS, renewal: { ...DEFAULT_STAGE_TARGETS.renewal, StepThree: 9 } };
    const res = await put({ stageTargets: targets, holidays: ['2026-12-17', ...DEFAULT_HOLIDAYS] });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { stageTargets: unknown; holidays: string[] };
    expect(saved.stageTargets).toEqual(targets);
    expect(saved.holidays).toEqual([...DEFAULT_HOLIDAYS, '2026-12-17']);

    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('application_id', 'is', null)
      .execute();
    const row = rows.find((r) => (r.details?.changed as string[] | undefined)?.includes('stageTargets'));
    expect(row?.actor_user_id).toBe(admin.id);
    expect(row?.details?.changed).toEqual(expect.arrayContaining(['stageTargets', 'holidays']));
    expect(String((row?.details?.after as Record<string, unknown>).stageTargets)).toContain('"StepThree":9');
    expect(String((row?.details?.before as Record<string, unknown>).stageTargets)).toContain('"StepThree":5');
  });

  it('is the Admin’s alone', async () => {
    const badc = await signInAs(ctx, 'BADC');
    expect((await put({ stageTargets: DEFAULT_STAGE_TARGETS }, badc)).status).toBe(403);
  });
});

describe('the applicant’s status panel', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.clock.now = NOW;
  }, 120_000);
  afterAll(() => ctx?.close());

  async function panel(stage: 'StepOne' | 'Approved', mobile: string, since?: Date) {
    const app = await insertCitizenApplication(ctx, { mobile, stage });
    if (since) await ctx.db.updateTable('applications').set({ stage_since: since }).where('id', '=', app.id).execute();
    const agent = await verifiedAgent(ctx, app, mobile);
    return (await (await ctx.request('/api/citizen/application', { agent })).json()) as StatusPanel;
  }

  it('shows when the present stage should be done, and that the day has passed', async () => {
    expect((await panel('StepOne', '01711000001')).stageDue).toEqual({ date: '2026-12-08', late: false });
    expect((await panel('StepOne', '01711000002', at('2026-11-24'))).stageDue).toEqual({
      date: '2026-11-29',
      late: true,
    });
  });

  it('shows none once the application is decided', async () => {
    expect((await panel('Approved', '01711000003')).stageDue).toBeNull();
  });
});
