import { sql } from 'kysely';
import { STAFF_ROLES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { insertApplication } from './office-fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, signInAsArea, StaffAgent, TEST_PASSWORD } from '../../test/roles.js';
import { officesChanged } from './offices.repository.js';
import { grantAreaRoleFromConsole } from './national.repository.js';

/**
 * The national administrator and the area viewers (docs/decisions/057-offices.md, step 4): they sign
 * in on the national address, see their area's offices with each one's figures and the sum, and
 * only the national administrator opens, renames, readdresses, closes offices and appoints an
 * office's Admin. An office role opens none of it.
 */
const NATIONAL = 'http://portal.localhost';
let ctx: TestContext;
let admin: StaffAgent;
let viewer: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  // Office 1 is Shibganj of Chapainawabganj (district 18); office 2 Sherpur of Bogura (district 14),
  // its id from the sequence as the national administrator's offices get theirs.
  await ctx.baseDb
    .updateTable('offices')
    .set({ upazila_id: 159, name_bn: 'শিবগঞ্জ', name_en: 'Shibganj', code: 'u159' })
    .where('id', '=', 1)
    .execute();
  await ctx.baseDb
    .insertInto('offices')
    .values({ upazila_id: 132, name_bn: 'শেরপুর', name_en: 'Sherpur', code: 'u132', host: 'sherpur.localhost' })
    .execute();
  officesChanged(ctx.baseDb);
  await insertApplication(ctx.db, { stage: 'Pending' });
  await insertApplication(ctx.db, { stage: 'Approved' });
  await insertApplication(scopedDatabase(ctx.baseDb, officeScope(2)), { stage: 'Decline' });
  admin = await signInAsArea(ctx, 'NationalAdmin', { at: NATIONAL });
  viewer = await signInAsArea(ctx, 'DistrictViewer', { districtId: 14, at: NATIONAL });
});
afterAll(() => ctx.close());

type Overview = {
  area: { role: string };
  offices: { id: number; code: string; open: boolean; figures: Record<string, number> }[];
  totals: Record<string, number>;
};

describe('the national overview', () => {
  it('shows the national administrator every office with its figures, and their sum', async () => {
    const res = await ctx.request(`${NATIONAL}/api/national/offices`, { agent: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Overview;
    expect(body.offices.map((o) => [o.code, o.figures.applications, o.figures.inReview])).toEqual([
      ['u159', 2, 1],
      ['u132', 1, 0],
    ]);
    expect(body.totals).toMatchObject({ applications: 3, inReview: 1, approved: 1, declined: 1 });
  });

  it("shows a district viewer its district's offices only, and says who it is at /me", async () => {
    const res = await ctx.request(`${NATIONAL}/api/national/offices`, { agent: viewer });
    const body = (await res.json()) as Overview;
    expect(body.offices.map((o) => o.code)).toEqual(['u132']);
    expect(body.totals.applications).toBe(1);
    const me = (await (await ctx.request(`${NATIONAL}/api/auth/me`, { agent: viewer })).json()) as {
      role: string | null;
      area: { role: string; districtId: number };
    };
    expect(me).toMatchObject({ role: null, area: { role: 'DistrictViewer', districtId: 14 } });
  });

  it('refuses every office role, and anyone signed out', async () => {
    for (const role of STAFF_ROLES) {
      const officer = await signInAs(ctx, role);
      expect((await ctx.request('/api/national/offices', { agent: officer })).status, role).toBe(403);
      const open = await ctx.request('/api/national/offices', {
        method: 'POST',
        json: { upazilaId: 1 },
        agent: officer,
      });
      expect(open.status, role).toBe(403);
    }
    expect((await ctx.request(`${NATIONAL}/api/national/offices`)).status).toBe(401);
  });

  it('lets a viewer change nothing', async () => {
    const res = await ctx.request(`${NATIONAL}/api/national/offices/2`, {
      method: 'PATCH',
      json: { nameEn: 'Renamed' },
      agent: viewer,
    });
    expect(res.status).toBe(403);
  });
});

describe("the national administrator's offices", () => {
  it("opens an upazila's office named from the list, at the list's address, audited there", async () => {
    const res = await ctx.request(`${NATIONAL}/api/national/offices`, {
      method: 'POST',
      json: { upazilaId: 317 },
      agent: admin,
    });
    expect(res.status).toBe(201);
    const office = (await res.json()) as { id: number; code: string; nameBn: string; host: string; open: boolean };
    expect(office).toMatchObject({ code: 'u317', nameBn: 'কালীগঞ্জ', host: 'kaliganj.gazipur.gov.bd', open: true });
    // The new office answers at its address at once, with its own (empty) site.
    const settings = await ctx.request('http://kaliganj.gazipur.gov.bd/api/public/settings');
    expect(await settings.json()).toMatchObject({ address: 'কালীগঞ্জ', jilla: 'গাজীপুর' });
    const audit = await scopedDatabase(ctx.baseDb, officeScope(office.id))
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'office.opened', actor_user_id: admin.id },
      { action: 'settings.update', actor_user_id: admin.id },
    ]);
  });

  it('refuses an upazila already open, and an address another office has, in Bangla', async () => {
    const again = await ctx.request(`${NATIONAL}/api/national/offices`, {
      method: 'POST',
      json: { upazilaId: 159 },
      agent: admin,
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { fields: Record<string, string> } }).error.fields.upazilaId).toBe(
      'এই উপজেলার অফিস আগেই খোলা হয়েছে।',
    );
    const taken = await ctx.request(`${NATIONAL}/api/national/offices`, {
      method: 'POST',
      json: { upazilaId: 1, host: 'Sherpur.localhost' },
      agent: admin,
    });
    expect(((await taken.json()) as { error: { fields: Record<string, string> } }).error.fields.host).toBe(
      'এই ওয়েব ঠিকানা অন্য একটি অফিসের।',
    );
    const bad = await ctx.request(`${NATIONAL}/api/national/offices`, {
      method: 'POST',
      json: { upazilaId: 1, host: 'not a host' },
      agent: admin,
    });
    expect(bad.status).toBe(400);
  });

  it('renames and readdresses an office, closes it (its address then lists the offices) and reopens it', async () => {
    const patch = (json: unknown) =>
      ctx.request(`${NATIONAL}/api/national/offices/2`, { method: 'PATCH', json, agent: admin });
    const renamed = await patch({ nameBn: 'শেরপুর (বগুড়া)', host: 'sherpur-bogura.localhost' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ nameBn: 'শেরপুর (বগুড়া)', host: 'sherpur-bogura.localhost' });
    expect((await ctx.request('http://sherpur-bogura.localhost/api/public/settings')).status).toBe(200);

    expect((await patch({ open: false })).status).toBe(200);
    const closed = await ctx.request('http://sherpur-bogura.localhost/api/public/localities');
    expect(((await closed.json()) as { error: { code: string } }).error.code).toBe('OFFICE_NOT_CHOSEN');
    expect((await patch({ open: true })).status).toBe(200);
    expect((await ctx.request('http://sherpur-bogura.localhost/api/public/settings')).status).toBe(200);

    const audit = await scopedDatabase(ctx.baseDb, officeScope(2))
      .selectFrom('audit_log')
      .select(sql<string>`details->'changed'`.as('changed'))
      .where('action', '=', 'office.changed')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.changed)).toEqual([['nameBn', 'host'], ['open'], ['open']]);
    expect(await patch({ nameEn: 'x' }).then((r) => r.status)).toBe(200);
    expect(
      (
        await ctx.request(`${NATIONAL}/api/national/offices/999`, {
          method: 'PATCH',
          json: { open: true },
          agent: admin,
        })
      ).status,
    ).toBe(404);
  });

  it("appoints an office's Admin: a new person gets a one-time password, an existing one keeps theirs", async () => {
    const appoint = (email: string) =>
      ctx.request(`${NATIONAL}/api/national/offices/2/admin`, {
        method: 'POST',
        json: { email, name: 'রহিম উদ্দিন' },
        agent: admin,
      });
    const fresh = await appoint('Admin@Sherpur.example');
    expect(fresh.status).toBe(200);
    const made = (await fresh.json()) as { email: string; created: boolean; oneTimePassword: string };
    expect(made).toMatchObject({ email: 'admin@sherpur.example', created: true });
    // The one-time password signs in at the office's address, as its Admin, and must be changed first.
    const login = await ctx.request('http://sherpur-bogura.localhost/api/auth/login', {
      method: 'POST',
      json: { email: made.email, password: made.oneTimePassword },
    });
    expect(await login.json()).toMatchObject({ role: 'Admin', mustChangePassword: true });

    const office1Officer = await signInAs(ctx, 'UNO');
    const existing = (await (await appoint(office1Officer.email)).json()) as {
      created: boolean;
      oneTimePassword: null;
    };
    expect(existing).toEqual({ email: office1Officer.email, created: false, oneTimePassword: null });
    // Still the UNO of office 1, with the same password; now the Admin of office 2 as well.
    const at = (host: string) =>
      ctx.request(`http://${host}/api/auth/login`, {
        method: 'POST',
        json: { email: office1Officer.email, password: TEST_PASSWORD },
      });
    expect(await (await at('localhost')).json()).toMatchObject({ role: 'UNO' });
    expect(await (await at('sherpur-bogura.localhost')).json()).toMatchObject({ role: 'Admin' });
    // The shell lists both, each at its own address, this one marked.
    const mine = await ctx.request('http://localhost/api/auth/offices', { agent: office1Officer });
    expect(((await mine.json()) as { offices: unknown[] }).offices).toEqual([
      {
        code: 'u159',
        nameBn: 'শিবগঞ্জ',
        nameEn: 'Shibganj',
        role: 'UNO',
        url: 'http://localhost/admin-page',
        current: true,
      },
      {
        code: 'u132',
        nameBn: 'শেরপুর (বগুড়া)',
        nameEn: 'x',
        role: 'Admin',
        url: 'http://sherpur-bogura.localhost/admin-page',
        current: false,
      },
    ]);
  });
});

describe("the server's console", () => {
  it('makes the first national administrator, with a one-time password to change before anything else', async () => {
    const made = await grantAreaRoleFromConsole(
      ctx.db,
      { email: 'chief@bmda.example', role: 'NationalAdmin', districtId: null, divisionId: null },
      new Date(),
    );
    expect(made.created).toBe(true);
    const agent = new StaffAgent(0, made.email, null);
    const login = await ctx.request(`${NATIONAL}/api/auth/login`, {
      method: 'POST',
      json: { email: made.email, password: made.password },
      agent,
    });
    expect(await login.json()).toMatchObject({ role: null, mustChangePassword: true, area: { role: 'NationalAdmin' } });
    const first = await ctx.request(`${NATIONAL}/api/national/offices`, { agent });
    expect(((await first.json()) as { error: { code: string } }).error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const change = await ctx.request(`${NATIONAL}/api/auth/change-password`, {
      method: 'POST',
      json: { currentPassword: made.password, newPassword: 'a national password of some length' },
      agent,
    });
    expect(change.status).toBe(204);
    expect((await ctx.request(`${NATIONAL}/api/national/offices`, { agent })).status).toBe(200);
    // Audited as a national row: no office's audit holds it.
    const audited = await ctx.baseDb
      .selectFrom('audit_log')
      .select(['office_id', 'actor_label'])
      .where('action', '=', 'account.passwordChange')
      .execute();
    expect(audited).toEqual([{ office_id: null, actor_label: 'chief@bmda.example' }]);
    expect(
      await ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'account.passwordChange').execute(),
    ).toEqual([]);
  });
});
