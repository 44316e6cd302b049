import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { hashPassword } from '../auth/password.js';
import { insertUser } from '../auth/users.repository.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { StaffAgent, TEST_PASSWORD, signInAs } from '../../test/roles.js';
import { officesChanged } from './offices.repository.js';

/**
 * A person's role is per office (docs/decisions/057-offices.md): a role in one office opens nothing
 * in another, and each office's Admin sees and manages only the office's own accounts.
 */
const SECOND = 'http://second.localhost';
let ctx: TestContext;
let firstAdmin: StaffAgent;
let secondAdmin: StaffAgent;

/** Signs in at office 2's address as a new account holding `role` there. */
async function secondOfficeAgent(role: 'Admin' | 'BADC', email: string): Promise<StaffAgent> {
  const db = scopedDatabase(ctx.baseDb, officeScope(2));
  const user = await insertUser(db, {
    email,
    passwordHash: await hashPassword(TEST_PASSWORD),
    role,
    mustChangePassword: false,
    now: ctx.clock.now,
  });
  const agent = new StaffAgent(user!.id, email, role);
  const res = await ctx.request(`${SECOND}/api/auth/login`, {
    method: 'POST',
    json: { email, password: TEST_PASSWORD },
    agent,
  });
  expect(res.status).toBe(200);
  return agent;
}

const accounts = async (agent: StaffAgent, origin = '') => {
  const res = await ctx.request(`${origin}/api/admin/accounts`, { agent });
  return {
    status: res.status,
    emails: res.ok ? ((await res.json()) as { rows: { email: string }[] }).rows.map((r) => r.email) : [],
  };
};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.baseDb
    .insertInto('offices')
    .values({ id: 2, name_bn: 'দ্বিতীয়', name_en: 'Second', code: 'second', host: 'second.localhost' })
    .execute();
  officesChanged(ctx.baseDb);
  firstAdmin = await signInAs(ctx, 'Admin');
  secondAdmin = await secondOfficeAgent('Admin', 'admin-two@test.example');
});
afterAll(() => ctx.close());

describe('roles per office', () => {
  it("opens nothing of office 2 to office 1's Admin, even with a session cookie carried across", async () => {
    expect((await accounts(firstAdmin)).status).toBe(200);
    expect((await accounts(firstAdmin, SECOND)).status).toBe(403);
    const me = await (await ctx.request(`${SECOND}/api/auth/me`, { agent: firstAdmin })).json();
    expect(me).toMatchObject({ email: firstAdmin.email, role: null });
  });

  it("lists each office's own accounts only; one registered at an office's address is that office's", async () => {
    const res = await ctx.request(`${SECOND}/api/auth/register`, {
      method: 'POST',
      json: { name: 'নতুন কর্মী', email: 'newcomer@test.example', password: TEST_PASSWORD },
    });
    expect(res.status).toBeLessThan(300);
    const second = await accounts(secondAdmin, SECOND);
    expect(second.emails).toEqual(expect.arrayContaining(['newcomer@test.example', 'admin-two@test.example']));
    expect(second.emails).not.toContain(firstAdmin.email);
    const first = await accounts(firstAdmin);
    expect(first.emails).toContain(firstAdmin.email);
    expect(first.emails).not.toContain('newcomer@test.example');
    expect(first.emails).not.toContain('admin-two@test.example');
  });

  it("refuses office 1's Admin a role change or deletion of an account that is only office 2's (404)", async () => {
    const change = await ctx.request(`/api/admin/accounts/${secondAdmin.id}/role`, {
      method: 'PUT',
      json: { role: 'BADC' },
      agent: firstAdmin,
    });
    expect(change.status).toBe(404);
    const del = await ctx.request(`/api/admin/accounts/${secondAdmin.id}`, { method: 'DELETE', agent: firstAdmin });
    expect(del.status).toBe(404);
    expect((await accounts(secondAdmin, SECOND)).status).toBe(200);
  });

  it('removes a person from one office only: their role in the other office stays', async () => {
    const both = await secondOfficeAgent('BADC', 'both@test.example');
    // Office 1's Admin gives the same person a role in office 1 too.
    await scopedDatabase(ctx.baseDb, officeScope(1))
      .insertInto('staff_roles')
      .values({ office_id: 1, user_id: both.id, role: 'UNO' })
      .execute();
    const del = await ctx.request(`${SECOND}/api/admin/accounts/${both.id}`, { method: 'DELETE', agent: secondAdmin });
    expect(del.status).toBeLessThan(300);
    expect((await accounts(secondAdmin, SECOND)).emails).not.toContain('both@test.example');
    expect((await accounts(firstAdmin)).emails).toContain('both@test.example');
    const login = await ctx.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'both@test.example', password: TEST_PASSWORD },
    });
    expect(((await login.json()) as { role: string }).role).toBe('UNO');
  });
});
