import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_MIN, passwordLength, type Me, type ProblemBody } from '@portal/shared';
import { Agent, createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, TEST_PASSWORD } from '../../test/roles.js';
import { passwordRefusal, randomPassword } from '../auth/password-policy.js';
import { createOrPromoteAdmin } from './create-admin.js';
import { firstRunHint } from './first-run.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const login = (email: string, password: string, agent = new Agent()) =>
  ctx.request('/api/auth/login', { method: 'POST', json: { email, password }, agent });

describe('first Admin', () => {
  it('tells how to create the first Admin until one exists; the one-time password must then be changed', async () => {
    const hint = await firstRunHint(ctx.db);
    expect(hint).toContain('npm run create-admin -- --email');
    expect(hint).toMatch(/অ্যাডমিন/);

    const { email, password, created } = await createOrPromoteAdmin(ctx.db, 'Boss@Upazila.example', ctx.clock.now);
    expect(created).toBe(true);
    expect(email).toBe('boss@upazila.example');
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(await firstRunHint(ctx.db)).toBeNull();

    const agent = new Agent();
    const res = await login(email, password, agent);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Me).mustChangePassword).toBe(true);
    // Until it is changed, the one-time password opens nothing but the password change (decision 014).
    const blocked = await ctx.request('/api/admin/accounts', { agent });
    expect(blocked.status).toBe(403);
    expect(((await blocked.json()) as ProblemBody).error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: password, newPassword: 'Upazila-Sech-Admin-1' },
      agent,
    });
    expect(changed.status).toBe(204);
    expect(((await (await ctx.request('/api/auth/me', { agent })).json()) as Me).mustChangePassword).toBe(false);
    expect((await ctx.request('/api/admin/accounts', { agent })).status).toBe(200);
  });

  it('makes one-time passwords that satisfy the password rule, so the first sign-in only asks to replace it', () => {
    for (let i = 0; i < 200; i++) {
      const password = randomPassword();
      expect(passwordLength(password)).toBeGreaterThanOrEqual(PASSWORD_MIN);
      expect(passwordRefusal(password)).toBeNull();
    }
  });

  it('promotes an existing account with a new one-time password and signs it out', async () => {
    const officer = await signInAs(ctx, 'UNO');
    const { password, created } = await createOrPromoteAdmin(ctx.db, officer.email, ctx.clock.now);
    expect(created).toBe(false);
    expect((await ctx.request('/api/auth/me', { agent: officer })).status).toBe(401);
    expect((await login(officer.email, TEST_PASSWORD)).status).toBe(401);
    const res = await login(officer.email, password);
    expect((await res.json()) as Me).toMatchObject({ role: 'Admin', mustChangePassword: true });
  });
});
