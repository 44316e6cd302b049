import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, signInAsArea, TEST_PASSWORD, type StaffAgent } from '../../test/roles.js';
import { officesChanged } from './offices.repository.js';

/**
 * The national administrator grants and revokes the district and division viewers' roles on the
 * national screen (docs/decisions/057-offices.md, step 4). Office 1 is Shibganj (Chapainawabganj,
 * 18); office 2 Sherpur (Bogura, 14).
 */
const NATIONAL = 'http://portal.localhost';
let ctx: TestContext;
let admin: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.baseDb
    .updateTable('offices')
    .set({ upazila_id: 159, name_bn: 'শিবগঞ্জ', name_en: 'Shibganj', code: 'u159' })
    .where('id', '=', 1)
    .execute();
  await ctx.baseDb
    .insertInto('offices')
    .values({ id: 2, upazila_id: 132, name_bn: 'শেরপুর', name_en: 'Sherpur', code: 'u132', host: 'sherpur.localhost' })
    .execute();
  officesChanged(ctx.baseDb);
  admin = await signInAsArea(ctx, 'NationalAdmin', { at: NATIONAL });
});
afterAll(() => ctx.close());

// The answers are read as the JSON they are; each test states the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;
const call = async (agent: Agent, method: string, path: string, json?: unknown) => {
  const res = await ctx.request(`${NATIONAL}${path}`, { method, agent, ...(json ? { json } : {}) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Answer) : null };
};
const grant = (json: unknown, agent: Agent = admin) => call(agent, 'POST', '/api/national/area-roles', json);
const signIn = async (email: string, password: string) => {
  const agent = new Agent();
  const res = await ctx.request(`${NATIONAL}/api/auth/login`, { method: 'POST', json: { email, password }, agent });
  expect(res.status).toBe(200);
  return agent;
};

describe('granting and revoking area viewer roles', () => {
  it("makes a new district viewer who signs in at the national address and sees their district's offices", async () => {
    const granted = await grant({
      email: 'Viewer@Bogura.example',
      name: 'রহিম',
      role: 'DistrictViewer',
      districtId: 14,
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ email: 'viewer@bogura.example', created: true });
    const password = granted.body!.oneTimePassword as string;
    expect(password.length).toBeGreaterThan(12);

    const viewer = await signIn('viewer@bogura.example', password);
    const newPassword = 'a new password under the banyan tree';
    const changed = await call(viewer, 'POST', '/api/auth/change-password', { currentPassword: password, newPassword });
    expect(changed.status).toBe(204);
    const offices = await call(viewer, 'GET', '/api/national/offices');
    expect(offices.body!.offices.map((o: { code: string }) => o.code)).toEqual(['u132']);

    const list = await call(admin, 'GET', '/api/national/area-roles');
    const held = list.body!.roles.find((r: { email: string }) => r.email === 'viewer@bogura.example');
    expect(held).toMatchObject({ role: 'DistrictViewer', name: 'রহিম', district: { id: 14, nameBn: 'বগুড়া' } });
    expect(list.body!.districts.length).toBe(64);
    expect(list.body!.divisions.length).toBe(8);

    // Audited with no office: no office's audit page shows it (migration 20261128-07).
    const audit = await ctx.baseDb
      .selectFrom('audit_log')
      .select(['office_id', 'actor_label'])
      .where('action', '=', 'account.areaRoleGranted')
      .execute();
    expect(audit).toEqual([{ office_id: null, actor_label: admin.email }]);
  });

  it('gives an existing account the role and leaves its password as it was', async () => {
    const officer = await signInAs(ctx, 'UNO');
    const granted = await grant({ email: officer.email, role: 'DivisionViewer', divisionId: 2 });
    expect(granted.body).toMatchObject({ created: false, oneTimePassword: null });
    const again = await signIn(officer.email, TEST_PASSWORD);
    const me = await call(again, 'GET', '/api/auth/me');
    expect(me.body!.area).toMatchObject({ role: 'DivisionViewer', divisionId: 2 });
  });

  it("ends the person's sessions when the role is revoked, and their cookie opens nothing", async () => {
    const viewer = await signInAsArea(ctx, 'DistrictViewer', { districtId: 14, at: NATIONAL });
    expect((await call(viewer, 'GET', '/api/national/offices')).status).toBe(200);
    expect((await call(admin, 'DELETE', `/api/national/area-roles/${viewer.id}`)).status).toBe(204);
    expect((await call(viewer, 'GET', '/api/national/offices')).status).toBe(401);
    const list = await call(admin, 'GET', '/api/national/area-roles');
    expect(list.body!.roles.some((r: { userId: number }) => r.userId === viewer.id)).toBe(false);
    expect((await call(admin, 'DELETE', `/api/national/area-roles/${viewer.id}`)).status).toBe(404);
    const audit = await ctx.baseDb
      .selectFrom('audit_log')
      .select('office_id')
      .where('action', '=', 'account.areaRoleRevoked')
      .execute();
    expect(audit).toEqual([{ office_id: null }]);
  });

  it('refuses the national administrator their own role, and never demotes a national administrator', async () => {
    const own = await call(admin, 'DELETE', `/api/national/area-roles/${admin.id}`);
    expect(own.status).toBe(409);
    expect(own.body!.error.fields.userId).toMatch(/জাতীয় প্রশাসক/);
    const demote = await grant({ email: admin.email, role: 'DistrictViewer', districtId: 14 });
    expect(demote.status).toBe(400);
    expect(demote.body!.error.fields.email).toMatch(/জাতীয় প্রশাসক/);
    expect((await call(admin, 'GET', '/api/auth/me')).body!.area.role).toBe('NationalAdmin');
  });

  it('refuses a viewer and an office Admin every part of it', async () => {
    const viewer = await signInAsArea(ctx, 'DivisionViewer', { at: NATIONAL });
    const officer = await signInAs(ctx, 'Admin');
    for (const agent of [viewer, officer]) {
      expect((await call(agent, 'GET', '/api/national/area-roles')).status).toBe(403);
      expect((await grant({ email: 'x@y.example', role: 'DistrictViewer', districtId: 14 }, agent)).status).toBe(403);
      expect((await call(agent, 'DELETE', `/api/national/area-roles/${admin.id}`)).status).toBe(403);
    }
  });

  it('answers bad input with a Bangla message on each field', async () => {
    const bangla = /[\u0980-\u09FF]/;
    const cases: [unknown, string][] = [
      [{ email: 'not an e-mail', role: 'DistrictViewer', districtId: 14 }, 'email'],
      [{ email: 'a@b.example', role: 'NationalAdmin' }, 'role'],
      [{ email: 'a@b.example', role: 'DistrictViewer' }, 'districtId'],
      [{ email: 'a@b.example', role: 'DivisionViewer', divisionId: 2, districtId: 14 }, 'districtId'],
      [{ email: 'a@b.example', role: 'DistrictViewer', districtId: 9999 }, 'districtId'],
      [{ email: 'a@b.example', role: 'DivisionViewer', divisionId: 99 }, 'divisionId'],
    ];
    for (const [json, field] of cases) {
      const res = await grant(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body!.error.fields[field], JSON.stringify(json)).toMatch(bangla);
    }
    const nobody = await ctx.baseDb.selectFrom('staff_users').select('id').where('email', '=', 'a@b.example').execute();
    expect(nobody).toEqual([]);
  });
});
