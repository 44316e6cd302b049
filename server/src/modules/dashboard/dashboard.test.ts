import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, todayInDhaka, type AdminDashboard, type DashboardCharts, type StaffRole } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { insertApplication } from '../requests/request-fixtures.js';
import { registerPost } from '../register/register-fixtures.js';
import { issueLicence } from './dashboard-fixtures.js';

let ctx: TestContext;

/** The ISO date n days from an ISO date. */
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let admin: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
});
afterAll(async () => ctx?.close());

describe('the Admin dashboard (spec 2 §2; README defect 6)', () => {
  it('counts every card from the database, none fixed at 0', async () => {
    const today = todayInDhaka(ctx.clock.now);
    const zero = (await (await ctx.request('/api/admin/dashboard', { agent: admin })).json()) as AdminDashboard;

    await insertApplication(ctx, { kind: 'New' }); // unseen by the Chairman
    await insertApplication(ctx, { kind: 'New', stage: 'StepTwo', seen: { chairman: true } }); // unseen by the UNO
    await insertApplication(ctx, { kind: 'New', stage: 'StepTwo', seen: { chairman: true, uno: true } }); // seen
    await insertApplication(ctx, { kind: 'Existing', stage: 'StepThree', seen: { chairman: true, uno: true } }); // unseen by BADC
    await insertApplication(ctx, {
      kind: 'Existing',
      stage: 'Pending',
      seen: { chairman: true, uno: true, badc: true },
    });
    await insertApplication(ctx, { kind: 'Renew', stage: 'StepOne', seen: { chairman: true } });
    await insertApplication(ctx, { kind: 'New', intakeStatus: 'receiving' }); // not yet an application
    const held = await issueLicence(ctx, { kind: 'New' }, addYears(today, -1), addYears(today, 2)); // active
    await issueLicence(ctx, { kind: 'New' }, addYears(today, -3), today); // active: its last day is today
    await issueLicence(ctx, { kind: 'New' }, addYears(today, -1), addYears(today, 0), { testing: true }); // active (testing)
    await issueLicence(ctx, { kind: 'Existing' }, addYears(today, -4), addYears(today, -1)); // expired
    await issueLicence(ctx, { kind: 'New' }, addYears(today, -4), addDays(today, -1)); // expired yesterday, nobody touched it
    // Suspended wins over the dates: cancelled licences are not counted as active or expired.
    await issueLicence(ctx, { kind: 'New' }, addYears(today, -1), addYears(today, 2), { suspended: true });
    await issueLicence(ctx, { kind: 'New' }, addYears(today, -4), addYears(today, -1), { suspended: true });
    // A renewal request about a licence counts as a Renew request, and adds no licence.
    await ctx.db
      .updateTable('applications')
      .set({ licence_id: held.licenceId })
      .where(
        'id',
        '=',
        (
          await insertApplication(ctx, {
            kind: 'Renew',
            stage: 'Pending',
            seen: { chairman: true, uno: true, badc: true },
          })
        ).id,
      )
      .execute();
    await signInAs(ctx, 'BADC');

    const res = await ctx.request('/api/admin/dashboard', { agent: admin });
    expect(res.status).toBe(200);
    const d = (await res.json()) as AdminDashboard;
    expect(d.newApplications - zero.newApplications).toBe(3 + 6);
    expect(d.existingApplications - zero.existingApplications).toBe(3);
    expect(d.renewApplications - zero.renewApplications).toBe(2);
    expect(d.unseenApplications - zero.unseenApplications).toBe(3);
    expect(d.seenApplications - zero.seenApplications).toBe(14 - 3);
    expect(d.users - zero.users).toBe(1);
    expect(d.activeLicences - zero.activeLicences).toBe(3);
    expect(d.expiredLicences - zero.expiredLicences).toBe(2);
    expect(d.suspendedLicences - zero.suspendedLicences).toBe(2);
    for (const value of Object.values(d)) expect(value).toBeGreaterThan(0);
  });

  it("is the Admin's alone", async () => {
    expect((await ctx.request('/api/admin/dashboard')).status).toBe(401);
    for (const role of ['Chairman', 'UNO', 'BADC', 'Pollibidut', null] as (StaffRole | null)[]) {
      const agent = await signInAs(ctx, role);
      expect((await ctx.request('/api/admin/dashboard', { agent })).status, String(role)).toBe(403);
    }
  });
});

describe('the dashboards’ charts (decision 042)', () => {
  // A database of its own, its clock on 20 November 2026, 10:00 in Dhaka: the window is December 2025 to November 2026.
  let charts: TestContext;
  let badc: StaffAgent;
  let chartsAdmin: StaffAgent;
  const at = (iso: string) => new Date(iso);
  const read = async (agent: StaffAgent) => {
    const res = await charts.request('/api/staff/dashboard/charts', { agent });
    expect(res.status).toBe(200);
    return (await res.json()) as DashboardCharts;
  };
  const series = (d: DashboardCharts, kind: string) => d.perMonth.find((s) => s.kind === kind)!.counts;
  const inMonth = (d: DashboardCharts, kind: string, month: string) => series(d, kind)[d.months.indexOf(month)];

  beforeAll(async () => {
    charts = await createTestContext();
    charts.clock.now = at('2026-11-20T04:00:00Z');
    [badc, chartsAdmin] = [await signInAs(charts, 'BADC'), await signInAs(charts, 'Admin')];
    const put = (seed: Parameters<typeof insertApplication>[1]) => insertApplication(charts, seed);
    // Three new applications in September (Dhaka): the first at 00:30 on the 1st, still August in UTC.
    await put({ kind: 'New', submittedAt: at('2026-08-31T18:30:00Z') });
    await put({ kind: 'New', stage: 'StepTwo', seen: { chairman: true }, submittedAt: at('2026-09-15T05:00:00Z') });
    await put({ kind: 'New', stage: 'Approved', submittedAt: at('2026-09-30T12:00:00Z') });
    // One renewal in November, waiting at BADC.
    await put({ kind: 'Renew', stage: 'StepThree', submittedAt: at('2026-11-03T05:00:00Z') });
    // 31 October 19:00 UTC is 1 November 01:00 in Dhaka: a November application, declined.
    await put({ kind: 'New', stage: 'Decline', submittedAt: at('2026-10-31T19:00:00Z') });
    // A name change in June, at BADC's pending stage.
    await put({ kind: 'NameChange', stage: 'Pending', submittedAt: at('2026-06-10T05:00:00Z') });
    // Thirteen months ago: outside the months, but an approved application of the funnel.
    await put({ kind: 'Existing', stage: 'Approved', submittedAt: at('2025-11-10T05:00:00Z') });
    // Counted nowhere: deleted from the register, still receiving its files, an old paper record.
    const deleted = await put({ kind: 'New', stage: 'Pending', submittedAt: at('2026-09-10T05:00:00Z') });
    expect((await registerPost(charts, badc, deleted.id, 'delete', { reason: 'দুবার জমা হয়েছে' })).status).toBe(200);
    await put({ kind: 'New', intakeStatus: 'receiving', submittedAt: at('2026-09-11T05:00:00Z') });
    await put({ kind: 'Old', stage: 'Approved', submittedAt: at('2026-09-12T05:00:00Z') });
  });
  afterAll(async () => charts?.close());

  it('counts each month’s applications by kind, in Dhaka’s months, without the deleted', async () => {
    const d = await read(chartsAdmin);
    expect(d.months).toEqual([
      '2025-12',
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].map((m) => `2026-${m}`),
    ]);
    expect(d.perMonth.map((s) => s.kind)).toEqual(['New', 'Existing', 'Renew', 'NameChange', 'PlotChange']);
    for (const s of d.perMonth) expect(s.counts).toHaveLength(12);
    expect(inMonth(d, 'New', '2026-09')).toBe(3);
    expect(inMonth(d, 'New', '2026-08')).toBe(0);
    expect(inMonth(d, 'New', '2026-11')).toBe(1);
    expect(inMonth(d, 'Renew', '2026-11')).toBe(1);
    expect(inMonth(d, 'NameChange', '2026-06')).toBe(1);
    const total = (kind: string) => series(d, kind).reduce((a, b) => a + b, 0);
    expect([total('New'), total('Existing'), total('Renew'), total('NameChange'), total('PlotChange')]).toEqual([
      4, 0, 1, 1, 0,
    ]);
  });

  it('counts the live applications at each stage now, in pipeline order', async () => {
    const d = await read(chartsAdmin);
    expect(d.stages).toEqual([
      { stage: 'StepOne', count: 1 },
      { stage: 'StepTwo', count: 1 },
      { stage: 'StepThree', count: 1 },
      { stage: 'Pending', count: 1 },
      { stage: 'Approvable', count: 0 },
      { stage: 'NotApprovable', count: 0 },
      { stage: 'Approved', count: 2 },
      { stage: 'Decline', count: 1 },
    ]);
  });

  it('is read by the Admin and BADC alike, and by no other role', async () => {
    expect(await read(badc)).toEqual(await read(chartsAdmin));
    expect((await charts.request('/api/staff/dashboard/charts')).status).toBe(401);
    for (const role of ['Chairman', 'UNO', 'Pollibidut', null] as (StaffRole | null)[]) {
      const agent = await signInAs(charts, role);
      expect((await charts.request('/api/staff/dashboard/charts', { agent })).status, String(role)).toBe(403);
    }
  });
});
