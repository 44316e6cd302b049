import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, todayInDhaka, type AdminDashboard, type StaffRole } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { insertApplication } from '../../requests/request-fixtures.js';
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
