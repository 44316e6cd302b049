import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, todayInDhaka, type AdminDashboard, type QueuePage } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { act } from '../requests/request-fixtures.js';
import { issueLicence } from '../dashboard/dashboard-fixtures.js';
import { registerApplication, registerList, registerPost } from './register-fixtures.js';

/**
 * The register's soft delete (issue 10; docs/decisions/037-register-lists-and-exports.md): a reason
 * is required, the application leaves every queue, count, map and public answer, its number is never
 * given again, and the Admin may restore it for 30 days.
 */
let ctx: TestContext;
let badc: StaffAgent, admin: StaffAgent, chairman: StaffAgent;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  [badc, admin, chairman] = await Promise.all([
    signInAs(ctx, 'BADC'),
    signInAs(ctx, 'Admin'),
    signInAs(ctx, 'Chairman'),
  ]);
});
afterAll(() => ctx.close());

/** Everyone's views of the office's work that an application could be in. */
async function views(id: string, licenceNumber: number) {
  const get = async (path: string, agent?: StaffAgent) => {
    const res = await ctx.request(path, agent ? { agent } : {});
    return { status: res.status, text: await res.text() };
  };
  const ids = (text: string) => ((JSON.parse(text) as QueuePage).rows ?? []).map((r) => r.id);
  const dashboard = JSON.parse((await get('/api/admin/dashboard', admin)).text) as AdminDashboard;
  return {
    chairmanUnseen: ids((await get('/api/staff/queues/chairman-unseen', chairman)).text).includes(id),
    badcActive: ids((await get('/api/staff/queues/licence-active', badc)).text).includes(id),
    register: ids((await get('/api/staff/register/new', badc)).text).includes(id),
    map: (await get('/api/staff/map/wells?bbox=88.1,24.6,88.3,24.8', badc)).text.includes(id),
    publicLicences: (await get(`/api/public/licences?q=${licenceNumber}`)).text.includes(
      `"licenceNumber":${licenceNumber}`,
    ),
    licenceCheck: (await get(`/api/public/licence-check/${licenceNumber}`)).status,
    detail: (await get(`/api/staff/applications/${id}`, admin)).status,
    print: (await get(`/api/applications/${id}/print`)).status,
    dashboard,
  };
}

describe('deleting an application from the register', () => {
  it('needs a reason, and is BADC’s and the Admin’s only', async () => {
    const app = await registerApplication(ctx);
    const noReason = await registerPost(ctx, badc, app.id, 'delete', { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.fields?.reason).toBe('এই ঘরটি পূরণ করা আবশ্যক।');
    for (const role of ['Chairman', 'UNO', 'Pollibidut'] as const) {
      const agent = role === 'Chairman' ? chairman : await signInAs(ctx, role);
      expect((await registerPost(ctx, agent, app.id, 'delete', { reason: 'ভুল' })).status, role).toBe(403);
    }
    expect((await registerPost(ctx, badc, crypto.randomUUID(), 'delete', { reason: 'ভুল' })).status).toBe(404);
  });

  it('takes it out of every queue, count, map and public answer; the Admin sees it under deleted', async () => {
    const waiting = await registerApplication(ctx, { applicantName: 'অপেক্ষমাণ' });
    const today = todayInDhaka(ctx.clock.now);
    const licensed = await issueLicence(ctx, { kind: 'New' }, addYears(today, -1), addYears(today, 2));
    const { licence_number: licenceNumber } = await ctx.db
      .selectFrom('licences')
      .select('licence_number')
      .where('id', '=', licensed.licenceId)
      .executeTakeFirstOrThrow();

    const before = await views(waiting.id, Number(licenceNumber));
    expect(before).toMatchObject({ chairmanUnseen: true, register: true, map: true, detail: 200, print: 200 });
    const licencedBefore = await views(licensed.id, Number(licenceNumber));
    expect(licencedBefore).toMatchObject({ badcActive: true, publicLicences: true, licenceCheck: 200 });

    const res = await registerPost(ctx, badc, waiting.id, 'delete', { reason: 'একই আবেদন দুবার জমা হয়েছে' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: waiting.id, applicationNumber: waiting.applicationNumber });
    expect((await registerPost(ctx, badc, licensed.id, 'delete', { reason: 'ভুল এন্ট্রি' })).status).toBe(200);

    const after = await views(waiting.id, Number(licenceNumber));
    expect(after).toMatchObject({ chairmanUnseen: false, register: false, map: false, detail: 404, print: 404 });
    const licencedAfter = await views(licensed.id, Number(licenceNumber));
    expect(licencedAfter).toMatchObject({ badcActive: false, publicLicences: false, licenceCheck: 404, detail: 404 });
    // The Admin's nine cards: one application and one licence fewer.
    expect(after.dashboard.newApplications).toBe(before.dashboard.newApplications - 2);
    expect(after.dashboard.unseenApplications).toBe(before.dashboard.unseenApplications - 1);
    expect(after.dashboard.activeLicences).toBe(before.dashboard.activeLicences - 1);
    // Nobody acts on it, and it cannot be deleted twice.
    expect((await act(ctx, chairman, waiting.id, { action: 'forward', payload: {}, version: 1 })).status).toBe(404);
    expect((await registerPost(ctx, badc, waiting.id, 'delete', { reason: 'আবার' })).status).toBe(404);

    const deleted = await registerList(ctx, admin, 'new', { deleted: 'true', sort: 'deletedAt' });
    expect(deleted.body.counters.deleted).toBe(2);
    expect(deleted.body.rows.find((r) => r.id === waiting.id)).toMatchObject({
      applicantName: 'অপেক্ষমাণ',
      deletedBy: badc.email,
      deleteReason: 'একই আবেদন দুবার জমা হয়েছে',
      deletedAt: ctx.clock.now.toISOString(),
      restorableUntil: new Date(ctx.clock.now.getTime() + 30 * DAY).toISOString(),
    });
    expect((await registerList(ctx, admin, 'new')).body.counters.deleted).toBe(2);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_label', 'note', 'from_stage'])
      .where('application_id', '=', waiting.id)
      .execute();
    expect(audit).toEqual([
      { action: 'registerDelete', actor_label: badc.email, note: 'একই আবেদন দুবার জমা হয়েছে', from_stage: 'StepOne' },
    ]);
  });

  it('never gives a deleted application’s number to another', async () => {
    const last = await registerApplication(ctx);
    expect((await registerPost(ctx, admin, last.id, 'delete', { reason: 'পরীক্ষা' })).status).toBe(200);
    const next = await registerApplication(ctx);
    expect(next.applicationNumber).toBeGreaterThan(last.applicationNumber);
  });
});

describe('restoring a deleted application', () => {
  it('is the Admin’s, within 30 days: the application is back on its lists, with both changes in its history', async () => {
    const app = await registerApplication(ctx, { applicantName: 'ফেরত আসবে' });
    expect((await registerPost(ctx, badc, app.id, 'delete', { reason: 'ভুল করে মোছা' })).status).toBe(200);
    expect((await registerPost(ctx, badc, app.id, 'restore')).status).toBe(403);

    ctx.clock.advance(29 * DAY);
    [badc, admin, chairman] = await Promise.all([
      signInAs(ctx, 'BADC'),
      signInAs(ctx, 'Admin'),
      signInAs(ctx, 'Chairman'),
    ]);
    const res = await registerPost(ctx, admin, app.id, 'restore');
    expect(res.status).toBe(200);
    const unseen = (await (
      await ctx.request('/api/staff/queues/chairman-unseen', { agent: chairman })
    ).json()) as QueuePage;
    expect(unseen.rows.map((r) => r.id)).toContain(app.id);
    expect((await registerList(ctx, badc, 'new', { q: 'ফেরত আসবে' })).body.total).toBe(1);
    const history = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_label', 'note'])
      .where('application_id', '=', app.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { action: 'registerDelete', actor_label: expect.any(String), note: 'ভুল করে মোছা' },
      { action: 'registerRestore', actor_label: admin.email, note: 'ভুল করে মোছা' },
    ]);
    // It is not deleted any more: nothing to restore.
    expect((await registerPost(ctx, admin, app.id, 'restore')).body.error?.code).toBe('ACTION_NOT_ALLOWED');
  });

  it('is refused after 30 days with 409 and a Bangla message; the application stays deleted', async () => {
    const app = await registerApplication(ctx);
    expect((await registerPost(ctx, admin, app.id, 'delete', { reason: 'পুরোনো ভুল' })).status).toBe(200);
    ctx.clock.advance(30 * DAY + 60_000);
    admin = await signInAs(ctx, 'Admin');
    const res = await registerPost(ctx, admin, app.id, 'restore');
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'RESTORE_EXPIRED',
      message: 'মুছে ফেলার ৩০ দিন পেরিয়ে গেছে; এই আবেদন আর ফিরিয়ে আনা যায় না।',
    });
    const row = await ctx.db
      .selectFrom('applications')
      .select('deleted_at')
      .where('id', '=', app.id)
      .executeTakeFirst();
    expect(row?.deleted_at).not.toBeNull();
  });
});
