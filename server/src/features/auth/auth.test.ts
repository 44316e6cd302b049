import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION, type Me, type ProblemBody } from '@portal/shared';
import { Agent, createTestContext, type TestContext } from '../../test/harness.js';
import { createStaffUser, signInAs, TEST_PASSWORD } from '../../test/roles.js';
import { AUTH_LIMITS, tryThrottle } from './throttle.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const problemOf = async (res: Response) => ((await res.json()) as ProblemBody).error;
const meOf = async (res: Response) => (await res.json()) as Me;

const login = (agent: Agent, email: string, password: string) =>
  ctx.request('/api/auth/login', { method: 'POST', json: { email, password }, agent });

describe('sign-in and sign-out', () => {
  it('signs in with the right password, shows who is signed in, and signs out', async () => {
    const user = await createStaffUser(ctx, 'BADC');
    const agent = new Agent();
    const res = await login(agent, user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: user.id, email: user.email, role: 'BADC', mustChangePassword: false });
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION.cookieName}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);

    const me = await ctx.request('/api/auth/me', { agent });
    expect(me.status).toBe(200);
    expect((await meOf(me)).role).toBe('BADC');

    expect((await ctx.request('/api/auth/logout', { method: 'POST', agent })).status).toBe(204);
    expect(agent.cookies.has(SESSION.cookieName)).toBe(false);
    expect((await ctx.request('/api/auth/me', { agent })).status).toBe(401);
  });

  it('keeps nothing usable after sign-out: the old cookie no longer works', async () => {
    const agent = await signInAs(ctx, 'UNO');
    const stolen = agent.header();
    await ctx.request('/api/auth/logout', { method: 'POST', agent });
    const res = await ctx.request('/api/auth/me', { headers: { cookie: stolen } });
    expect(res.status).toBe(401);
  });

  it('gives a new session id at every sign-in and ends the one the browser had', async () => {
    const agent = await signInAs(ctx, 'Chairman');
    const first = agent.header();
    expect((await login(agent, agent.email, TEST_PASSWORD)).status).toBe(200);
    expect(agent.header()).not.toBe(first);
    expect((await ctx.request('/api/auth/me', { headers: { cookie: first } })).status).toBe(401);
    expect((await ctx.request('/api/auth/me', { agent })).status).toBe(200);
  });

  it('marks the cookie Secure when the portal is served over https', async () => {
    await ctx.close();
    ctx = await createTestContext({ secureCookies: true });
    const user = await createStaffUser(ctx, 'UNO');
    const res = await login(new Agent(), user.email, TEST_PASSWORD);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/Secure/);
  });

  it('answers a wrong password and an unknown e-mail the same way, in Bangla', async () => {
    const user = await createStaffUser(ctx, 'UNO');
    const wrong = await login(new Agent(), user.email, 'not the password');
    const unknown = await login(new Agent(), 'nobody@test.example', TEST_PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await problemOf(wrong);
    expect(await problemOf(unknown)).toEqual(a);
    expect(a.code).toBe('LOGIN_FAILED');
    expect(a.message).toMatch(/পাসওয়ার্ড/);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('ends a session left idle too long, and any session after its absolute lifetime', async () => {
    const idle = await signInAs(ctx, 'BADC');
    ctx.clock.advance(SESSION.idleSeconds * 1000 - 60_000);
    expect((await ctx.request('/api/auth/me', { agent: idle })).status).toBe(200);
    ctx.clock.advance(SESSION.idleSeconds * 1000 + 1000);
    expect((await ctx.request('/api/auth/me', { agent: idle })).status).toBe(401);

    const busy = await signInAs(ctx, 'BADC');
    const started = ctx.clock.now.getTime();
    // Used every few hours, so never idle; still ends at the absolute limit.
    while (ctx.clock.now.getTime() - started < SESSION.absoluteSeconds * 1000 - 4 * 3600_000) {
      ctx.clock.advance(4 * 3600_000);
      expect((await ctx.request('/api/auth/me', { agent: busy })).status).toBe(200);
    }
    ctx.clock.advance(4 * 3600_000);
    expect((await ctx.request('/api/auth/me', { agent: busy })).status).toBe(401);
  });
});

describe('sign-in throttling', () => {
  it('refuses further tries on one account with 429 and the wait, even with the right password, then lets in', async () => {
    const user = await createStaffUser(ctx, 'UNO');
    const { limit, windowSeconds } = AUTH_LIMITS.loginPerEmail;
    // scrypt is slow on purpose: the earlier guesses are recorded through the limiter itself, the last one over HTTP.
    for (let i = 0; i < limit - 1; i++) await tryThrottle(ctx.db, 'loginPerEmail', user.email, ctx.clock.now);
    expect((await login(new Agent(), user.email, 'wrong guess')).status).toBe(401);
    const refused = await login(new Agent(), user.email, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    const body = await problemOf(refused);
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/চেষ্টা/);
    const wait = body.retryAfterSeconds ?? 0;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(windowSeconds);
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil(wait));
    expect(refused.headers.getSetCookie()).toEqual([]);

    // Another account from the same address is not locked out by this one.
    const other = await createStaffUser(ctx, 'BADC');
    expect((await login(new Agent(), other.email, TEST_PASSWORD)).status).toBe(200);

    ctx.clock.advance(wait * 1000);
    expect((await login(new Agent(), user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    const { limit } = AUTH_LIMITS.loginPerAddress;
    for (let i = 0; i < limit - 1; i++) await tryThrottle(ctx.db, 'loginPerAddress', '127.0.0.1', ctx.clock.now);
    const last = await ctx.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'guess@test.example', password: 'x' },
    });
    expect(last.status).toBe(401);
    const res = await ctx.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'guess-2@test.example', password: 'x' },
    });
    expect(res.status).toBe(429);
    expect((await problemOf(res)).code).toBe('RATE_LIMITED');
  });
});

describe('registration', () => {
  it('creates an account without a role, which is refused at every staff screen until an Admin gives one', async () => {
    const agent = new Agent();
    const res = await ctx.request('/api/auth/register', {
      method: 'POST',
      json: { email: 'new.officer@test.example', password: 'Nolkup-2026-sech' },
      agent,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ email: 'new.officer@test.example', role: null });
    const me = await ctx.request('/api/auth/me', { agent });
    expect((await meOf(me)).role).toBeNull();
    const staff = await ctx.request('/api/admin/accounts', { agent });
    expect(staff.status).toBe(403);
    expect((await problemOf(staff)).code).toBe('ACCOUNT_NO_ROLE');
  });

  it('refuses a common password and a taken e-mail', async () => {
    const weak = await ctx.request('/api/auth/register', {
      method: 'POST',
      json: { email: 'a@test.example', password: 'Password123' },
    });
    expect(weak.status).toBe(400);
    expect((await problemOf(weak)).code).toBe('WEAK_PASSWORD');
    const short = await ctx.request('/api/auth/register', {
      method: 'POST',
      json: { email: 'a@test.example', password: 'x7!' },
    });
    expect(short.status).toBe(400);

    const taken = await createStaffUser(ctx, 'UNO');
    const res = await ctx.request('/api/auth/register', {
      method: 'POST',
      json: { email: taken.email.toUpperCase(), password: 'Nolkup-2026-sech' },
    });
    expect(res.status).toBe(409);
    expect((await problemOf(res)).code).toBe('EMAIL_TAKEN');
  });
});

describe('change password', () => {
  it('checks the current password, then keeps this browser signed in and signs out the others', async () => {
    const here = await signInAs(ctx, 'BADC');
    const elsewhere = new Agent();
    expect((await login(elsewhere, here.email, TEST_PASSWORD)).status).toBe(200);

    const wrong = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: 'not it', newPassword: 'Sech-Nolkup-9876' },
      agent: here,
    });
    expect(wrong.status).toBe(400);
    expect((await problemOf(wrong)).fields?.currentPassword).toMatch(/পাসওয়ার্ড/);

    const ok = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'Sech-Nolkup-9876' },
      agent: here,
    });
    expect(ok.status).toBe(204);
    expect((await ctx.request('/api/auth/me', { agent: here })).status).toBe(200);
    expect((await ctx.request('/api/auth/me', { agent: elsewhere })).status).toBe(401);
    expect((await login(new Agent(), here.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(new Agent(), here.email, 'Sech-Nolkup-9876')).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: 'a', newPassword: 'Sech-Nolkup-9876' },
    });
    expect(res.status).toBe(401);
  });
});
