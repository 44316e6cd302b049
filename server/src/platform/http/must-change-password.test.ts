import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_CAPABILITY_DAYS, type Me, type ProblemBody } from '@portal/shared';
import { createOrPromoteAdmin } from '../../modules/accounts/create-admin.js';
import { submitComplete } from '../../modules/applications/intake-fixtures.js';
import { Agent, createTestContext, type TestContext } from '../../test/harness.js';
import { createStaffUser } from '../../test/roles.js';
import { callOperation, listOperations } from '../../test/route-walk.js';

/**
 * An account that must change its password (decision 014) reaches nothing but its own account
 * routes: every other route answers it exactly as an anonymous visitor, except that what a staff
 * session would have opened says PASSWORD_CHANGE_REQUIRED.
 */
let ctx: TestContext;
let operations: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  operations = await listOperations(ctx);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** Signs in the first Admin with the one-time password the create-admin script printed. */
async function oneTimeAdmin(email: string): Promise<{ agent: Agent; password: string }> {
  const { password } = await createOrPromoteAdmin(ctx.db, email, ctx.clock.now);
  const agent = new Agent();
  const res = await ctx.request('/api/auth/login', { method: 'POST', json: { email, password }, agent });
  expect(res.status).toBe(200);
  expect(((await res.json()) as Me).mustChangePassword).toBe(true);
  return { agent, password };
}

const call = (operation: string, agent?: Agent) => callOperation(ctx, operation, { agent });

describe('an account that must change its password', () => {
  it('is refused every staff route with 403 PASSWORD_CHANGE_REQUIRED and is anonymous everywhere else', async () => {
    const { agent } = await oneTimeAdmin('first.admin@test.example');
    const refusedAsStaff: string[] = [];
    for (const operation of operations.filter((op) => !op.includes(' /api/auth/'))) {
      const anonymous = await call(operation);
      const mustChange = await call(operation, agent);
      if (anonymous.status === 401 || anonymous.status === 403) {
        expect(mustChange, operation).toEqual({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
        refusedAsStaff.push(operation);
      } else {
        expect(mustChange, operation).toEqual(anonymous);
      }
    }
    // Every Admin screen's route is among them.
    expect(refusedAsStaff).toEqual(
      expect.arrayContaining([
        'GET /api/admin/accounts',
        'PUT /api/admin/settings',
        'GET /api/admin/dashboard',
        'POST /api/admin/messages',
        'GET /api/staff/applications/{id}',
      ]),
    );
  }, 120_000);

  it('cannot read an applicant document through a route staff and citizens share', async () => {
    const { id } = await submitComplete(ctx);
    // After the print capability of the id has run out, only staff (or the verified citizen) may read it.
    ctx.clock.advance((PRINT_CAPABILITY_DAYS + 1) * 24 * 60 * 60 * 1000);
    // The Chairman reviews new applications; this one still has a password from before the rule.
    const chairman = await createStaffUser(ctx, 'Chairman', { password: 'chair2019' });
    const agent = new Agent();
    const login = await ctx.request('/api/auth/login', {
      method: 'POST',
      json: { email: chairman.email, password: 'chair2019' },
      agent,
    });
    expect(((await login.json()) as Me).mustChangePassword).toBe(true);

    const photo = `/api/applications/${id}/photo`;
    const res = await ctx.request(photo, { agent });
    expect(res.status).not.toBe(200);
    expect(res.status).toBe((await ctx.request(photo)).status);

    const changed = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: 'chair2019', newPassword: 'Chairman of the union 2026' },
      agent,
    });
    expect(changed.status).toBe(204);
    expect((await ctx.request(photo, { agent })).status).toBe(200);
  }, 90_000);

  it('may still ask who it is, change the password (then everything opens) and sign out', async () => {
    const { agent, password } = await oneTimeAdmin('third.admin@test.example');
    const me = await ctx.request('/api/auth/me', { agent });
    expect(me.status).toBe(200);
    expect((await me.json()) as Me).toMatchObject({ role: 'Admin', mustChangePassword: true });

    const refused = await ctx.request('/api/admin/accounts', { agent });
    const problem = ((await refused.json()) as ProblemBody).error;
    expect(problem.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(problem.message).toMatch(/পাসওয়ার্ড বদলাতে হবে/);

    const changed = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: password, newPassword: 'Upazila office admin 2026' },
      agent,
    });
    expect(changed.status).toBe(204);
    expect((await ctx.request('/api/admin/accounts', { agent })).status).toBe(200);
    expect((await ctx.request('/api/auth/logout', { method: 'POST', agent })).status).toBe(204);
    expect((await ctx.request('/api/auth/me', { agent })).status).toBe(401);
  });

  it('signs out with the one-time password still unchanged', async () => {
    const { agent } = await oneTimeAdmin('fourth.admin@test.example');
    expect((await ctx.request('/api/auth/logout', { method: 'POST', agent })).status).toBe(204);
    expect((await ctx.request('/api/auth/me', { agent })).status).toBe(401);
  });
});
