import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayInDhaka, type ApplicationDetail, type Notice, type ProblemBody } from '@portal/shared';
import type { AuditPage } from '@portal/shared/schemas/audit';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, TEST_PASSWORD, type StaffAgent } from '../../test/roles.js';
import { submitComplete } from '../applications/intake-fixtures.js';
import { writeAudit } from './audit.repository.js';

/**
 * An audit anyone can follow (issue 10; docs/decisions/041-audit-trail.md): settings, content,
 * accounts and hand-sent texts each leave a row with who, what and the values before and after;
 * the Admin's audit page finds them by who, what and when; an application's detail shows its rows
 * before and after too.
 */

let ctx: TestContext;
let admin: StaffAgent;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
}, 120_000);
afterAll(async () => ctx?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const auditPage = async (query: string, agent: StaffAgent = admin) => {
  const res = await ctx.request(`/api/admin/audit?${query}`, { agent });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AuditPage;
};
/** After the clock moves days ahead the sessions have ended: sign the same account in again. */
async function signInAgain(agent: StaffAgent) {
  const res = await ctx.request('/api/auth/login', {
    method: 'POST',
    json: { email: agent.email, password: TEST_PASSWORD },
    agent,
  });
  expect(res.status).toBe(200);
}
const rowsOf = async (action: string) => (await auditPage(`action=${encodeURIComponent(action)}&size=500`)).rows;

describe('settings, content, accounts and texts each leave an audit row', () => {
  it('a settings change: one row with each changed field before and after, the token never', async () => {
    const put = (json: unknown) => ctx.request('/api/admin/settings', { method: 'PUT', json, agent: admin });
    const before = (await (await ctx.request('/api/admin/settings', { agent: admin })).json()) as {
      websiteName: string;
    };
    expect((await put({ websiteName: 'শিবগঞ্জ সেচ অফিস', others1: 'OFF', smsToken: 'secret-token-8899' })).status).toBe(
      200,
    );
    // Saving the same values again changes nothing and writes nothing.
    expect((await put({ websiteName: 'শিবগঞ্জ সেচ অফিস' })).status).toBe(200);

    const rows = await rowsOf('settings.update');
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ actor: admin.email, actorUserId: admin.id, entity: { type: 'settings', id: '1' } });
    const change = (name: string) => row.changes!.find((c) => c.name === name);
    expect(change('websiteName')).toEqual({
      name: 'websiteName',
      before: before.websiteName,
      after: 'শিবগঞ্জ সেচ অফিস',
    });
    expect(change('others1')).toEqual({ name: 'others1', before: 'ON', after: 'OFF' });
    expect(change('smsToken')).toMatchObject({ before: '' });
    expect(row.changes!.map((c) => c.name).sort()).toEqual(['others1', 'smsToken', 'websiteName']);
    const stored = await ctx.db.selectFrom('audit_log').select('details').where('id', '=', row.id).executeTakeFirst();
    expect(JSON.stringify(stored)).not.toContain('secret-token');
    expect(JSON.stringify(stored)).not.toContain('8899');
    await put({ others1: 'ON' });
  });

  it('a role change (and a block, and an unblock): a row each, and no console line', async () => {
    const info = vi.spyOn(console, 'info');
    const log = vi.spyOn(console, 'log');
    const officer = await signInAs(ctx, 'UNO');
    const setRole = (role: string | null) =>
      ctx.request(`/api/admin/accounts/${officer.id}/role`, { method: 'PUT', json: { role }, agent: admin });
    expect((await setRole('BADC')).status).toBe(200);
    expect((await setRole(null)).status).toBe(200);
    expect((await setRole('BADC')).status).toBe(200);
    expect((await setRole('BADC')).status).toBe(200); // no change, no row

    const rows = (await auditPage(`entity=account:${officer.id}&dir=asc`)).rows;
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ['account.role', [{ name: 'role', before: 'UNO', after: 'BADC' }]],
      ['account.role', [{ name: 'role', before: 'BADC', after: null }]],
      ['account.role', [{ name: 'role', before: null, after: 'BADC' }]],
    ]);
    expect(rows.every((r) => r.actor === admin.email && r.entity?.label === officer.email)).toBe(true);
    expect([...info.mock.calls, ...log.mock.calls].flat().join(' ')).not.toContain(officer.email);
  });

  it('an account registered, its password changed, then deleted: a row each, never the password', async () => {
    const email = `newcomer-${process.pid}@test.example`;
    expect(
      (
        await ctx.request('/api/auth/register', {
          method: 'POST',
          json: { name: 'নতুন কর্মকর্তা', email, password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(202);
    const account = await ctx.db
      .selectFrom('staff_users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const officer = await signInAs(ctx, 'Chairman');
    const newPassword = 'a longer river crossing the paddy field';
    const changed = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword },
      agent: officer,
    });
    expect(changed.status).toBe(204);
    expect((await ctx.request(`/api/admin/accounts/${account.id}`, { method: 'DELETE', agent: admin })).status).toBe(
      204,
    );

    const registered = (await auditPage(`entity=account:${account.id}&dir=asc`)).rows;
    expect(registered.map((r) => [r.action, r.actor])).toEqual([
      ['account.register', email],
      ['account.delete', admin.email],
    ]);
    expect(registered[1]!.changes).toEqual([{ name: 'email', before: email, after: null }]);
    const password = (await auditPage(`entity=account:${officer.id}`)).rows;
    expect(password.map((r) => [r.action, r.actor])).toEqual([['account.passwordChange', officer.email]]);
    const all = await ctx.db.selectFrom('audit_log').select('details').execute();
    expect(JSON.stringify(all)).not.toContain(newPassword);
  });

  it('content: a notice published, its page text changed, then deleted; a union added and renamed', async () => {
    const created = await ctx.request('/api/admin/notices', {
      method: 'POST',
      json: { title: 'সেচ সভার নোটিশ', descriptionHtml: '<p>সভা <b>রবিবার</b></p><script>x</script>' },
      agent: admin,
    });
    expect(created.status).toBe(201);
    const notice = (await created.json()) as Notice;
    const page = (html: string) =>
      ctx.request('/api/admin/pages/about-us', { method: 'PUT', json: { title: 'আমাদের কথা', html }, agent: admin });
    expect((await page('<p>প্রথম লেখা</p>')).status).toBe(200);
    expect((await page('<p>দ্বিতীয় লেখা</p>')).status).toBe(200);
    // Its text to two numbers; the same again queues nothing new and adds no row.
    for (let i = 0; i < 2; i++) {
      const sms = await ctx.request(`/api/admin/notices/${notice.id}/sms`, {
        method: 'POST',
        json: { mobiles: '01711000001, ০১৭১১০০০০০২' },
        agent: admin,
      });
      expect(sms.status).toBe(200);
    }
    expect((await ctx.request(`/api/admin/notices/${notice.id}`, { method: 'DELETE', agent: admin })).status).toBe(204);
    const union = await ctx.request('/api/admin/localities', {
      method: 'POST',
      json: { kind: 'union', name: 'মোবারকপুর' },
      agent: admin,
    });
    const { id: unionId } = (await union.json()) as { id: number };
    await ctx.request(`/api/admin/localities/${unionId}`, {
      method: 'PUT',
      json: { kind: 'union', name: 'মোবারকপুর ইউনিয়ন' },
      agent: admin,
    });

    const noticeRows = (await auditPage(`entity=notice:${notice.id}&dir=asc`)).rows;
    expect(noticeRows.map((r) => r.action)).toEqual(['notice.create', 'notice.sms', 'notice.delete']);
    expect(noticeRows[1]!.facts).toContainEqual({ name: 'count', value: 2 });
    expect(JSON.stringify(noticeRows[1])).not.toContain('01711000001');
    expect(noticeRows[0]!.entity?.label).toBe('সেচ সভার নোটিশ');
    // The sanitised text, read as words: what the public saw, not the markup.
    expect(noticeRows[0]!.changes).toContainEqual({ name: 'descriptionHtml', before: null, after: 'সভা রবিবার' });
    expect(noticeRows[2]!.changes).toContainEqual({ name: 'title', before: 'সেচ সভার নোটিশ', after: null });

    const pageRows = (await auditPage('entity=page:about-us&dir=asc')).rows;
    expect(pageRows.map((r) => r.changes)).toEqual([
      [
        { name: 'title', before: null, after: 'আমাদের কথা' },
        { name: 'html', before: null, after: 'প্রথম লেখা' },
      ],
      [{ name: 'html', before: 'প্রথম লেখা', after: 'দ্বিতীয় লেখা' }],
    ]);
    const unionRows = (await auditPage(`entity=locality:${unionId}&dir=asc`)).rows;
    expect(unionRows.map((r) => [r.action, r.changes])).toEqual([
      [
        'locality.create',
        [
          { name: 'kind', before: null, after: 'union' },
          { name: 'name', before: null, after: 'মোবারকপুর' },
        ],
      ],
      ['locality.update', [{ name: 'name', before: 'মোবারকপুর', after: 'মোবারকপুর ইউনিয়ন' }]],
    ]);
  });

  it('a bulk text: who sent what to how many numbers, no phone list; a repeated Send adds no row', async () => {
    const json = {
      batchId: crypto.randomUUID(),
      numbers: '01711111111, 01822222222, 01933333333',
      message: 'সেচ মৌসুমের সভা আগামীকাল',
    };
    for (let i = 0; i < 2; i++) {
      const res = await ctx.request('/api/admin/messages', { method: 'POST', json, agent: admin });
      expect(res.status).toBe(202);
    }
    const rows = await rowsOf('bulk-sms');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: admin.email, entity: { type: 'smsBatch', id: json.batchId } });
    expect(rows[0]!.facts).toEqual([
      { name: 'count', value: 3 },
      { name: 'message', value: 'সেচ মৌসুমের সভা আগামীকাল' },
    ]);
    const stored = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'bulk-sms').execute();
    expect(JSON.stringify(stored)).not.toMatch(/01711111111|01822222222|01933333333/);
  });
});

describe('the Admin’s audit page', () => {
  it('finds rows by who, what and when, newest first, paged; says why a bad filter is refused', async () => {
    const other = await signInAs(ctx, 'Admin');
    const name = (n: string) =>
      ctx.request('/api/admin/settings', { method: 'PUT', json: { websiteTitle: n }, agent: other });
    const day1 = todayInDhaka(ctx.clock.now);
    await name('প্রথম দিনের নাম');
    ctx.clock.advance(3 * DAY_MS);
    await signInAgain(other);
    await signInAgain(admin);
    const day4 = todayInDhaka(ctx.clock.now);
    await name('চতুর্থ দিনের নাম');
    await name('চতুর্থ দিনের আরেক নাম');

    const byOther = await auditPage(`actor=${other.id}`);
    expect(byOther.total).toBe(3);
    expect(byOther.rows.map((r) => r.changes?.[0]?.after)).toEqual([
      'চতুর্থ দিনের আরেক নাম',
      'চতুর্থ দিনের নাম',
      'প্রথম দিনের নাম',
    ]);
    // By part of the e-mail, by action and by day (Dhaka dates, both ends included).
    expect(
      (await auditPage(`actor=${encodeURIComponent(other.email.slice(0, 12))}&action=settings.update`)).total,
    ).toBe(3);
    expect(
      (await auditPage(`actor=${other.id}&from=${day1}&to=${day1}`)).rows.map((r) => r.changes?.[0]?.after),
    ).toEqual(['প্রথম দিনের নাম']);
    expect((await auditPage(`actor=${other.id}&from=${day4}`)).total).toBe(2);
    expect((await auditPage(`actor=${other.id}&action=account.role`)).total).toBe(0);
    const paged = await auditPage(`actor=${other.id}&pageSize=5&page=1`);
    expect(paged).toMatchObject({ page: 1, pageSize: 5, total: 3 });

    const bad = await ctx.request(`/api/admin/audit?from=${day4}&to=${day1}`, { agent: admin });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ProblemBody).error.fields?.to).toBe('শেষের তারিখ শুরুর তারিখের আগে হতে পারে না।');
    const badEntity = await ctx.request('/api/admin/audit?entity=application:1', { agent: admin });
    expect(badEntity.status).toBe(400);
  });

  it('is the Admin’s alone: BADC and the Chairman are refused', async () => {
    for (const role of ['BADC', 'Chairman'] as const) {
      const res = await ctx.request('/api/admin/audit', { agent: await signInAs(ctx, role) });
      expect(res.status, role).toBe(403);
      expect(((await res.json()) as ProblemBody).error.code).toBe('FORBIDDEN');
    }
  });
});

describe('an application’s whole history', () => {
  it('shows every row of the application on its detail with its values before and after, and links it on the page', async () => {
    const { id, applicationNumber } = await submitComplete(ctx);
    // A row as the edit view writes it (decision 038): the changed names, before and after.
    await writeAudit(ctx.db, {
      applicationId: id,
      actor: { userId: admin.id, email: admin.email },
      action: 'editFields',
      fromStage: 'StepOne',
      toStage: 'StepOne',
      details: { changed: ['village'], before: { village: 'পুরাতন গ্রাম' }, after: { village: 'নতুন গ্রাম' } },
      at: ctx.clock.now,
    });
    const detail = (await (
      await ctx.request(`/api/staff/applications/${id}`, { agent: await signInAs(ctx, 'BADC') })
    ).json()) as ApplicationDetail;
    expect(detail.audit.map((a) => a.action)).toEqual(['submitted', 'received-complete', 'editFields']);
    expect(detail.audit[2]!.changes).toEqual([{ name: 'village', before: 'পুরাতন গ্রাম', after: 'নতুন গ্রাম' }]);

    const page = await auditPage(`entity=application:${id}`);
    expect(page.rows.map((r) => r.action)).toEqual(['editFields', 'received-complete', 'submitted']);
    expect(page.rows[0]!.application).toEqual({ id, number: applicationNumber });
    // The search finds them by the application's number too (among other rows the digits match).
    const searched = await auditPage(`q=${applicationNumber}&size=500`);
    expect(searched.rows.filter((r) => r.application?.id === id)).toHaveLength(3);
  });
});
