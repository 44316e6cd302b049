import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  SESSION,
  toBanglaDigits,
  translate,
  type Me,
  type ProblemBody,
} from '@portal/shared';
import { Agent, createTestContext, type TestContext } from '../../test/harness.js';
import { createStaffUser, signInAs, TEST_PASSWORD } from '../../test/roles.js';
import { setMailTransport, settleMail, type MailMessage } from '../../platform/mail/mailer.js';
import { officesChanged } from '../offices/offices.repository.js';
import { AUTH_LIMITS, tryThrottle } from './throttle.js';

let ctx: TestContext;
let sent: MailMessage[];
beforeEach(async () => {
  ctx = await createTestContext({ publicUrl: 'https://sech.example.gov.bd' });
  // One office with no address of its own: its links are PUBLIC_URL's (offices/office-url.ts).
  await ctx.baseDb.updateTable('offices').set({ host: null }).execute();
  officesChanged(ctx.baseDb);
  sent = [];
  setMailTransport({
    async send(m) {
      sent.push(m);
    },
  });
});
afterEach(async () => {
  setMailTransport(null);
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
    expect(await res.json()).toEqual({
      id: user.id,
      name: null,
      email: user.email,
      role: 'BADC',
      mustChangePassword: false,
      area: null,
    });
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

/** A browser at a given client address (the socket's address, as the Node server gives it). */
function browserAt(address: string, agent = new Agent()) {
  return {
    agent,
    async login(email: string, password: string) {
      const headers = new Headers({ 'content-type': 'application/json' });
      if (agent.cookies.size) headers.set('cookie', agent.header());
      const res = await ctx.app.request(
        '/api/auth/login',
        { method: 'POST', headers, body: JSON.stringify({ email, password }) },
        { incoming: { socket: { remoteAddress: address } } },
      );
      agent.store(res);
      return res;
    },
  };
}

describe('sign-in throttling (decision 014)', () => {
  it('refuses a stranger failing 50 times at one address with 429 and Retry-After, while the officer signs in from another', async () => {
    const officer = await createStaffUser(ctx, 'BADC');
    const stranger = browserAt('203.0.113.66');
    const answers: number[] = [];
    for (let i = 0; i < 50; i++) answers.push((await stranger.login(officer.email, `guess number ${i} wrong`)).status);
    const { limit, windowSeconds } = AUTH_LIMITS.loginPerAccountAddress;
    expect(answers.slice(0, limit)).toEqual(Array(limit).fill(401));
    expect(answers.slice(limit)).toEqual(Array(50 - limit).fill(429));

    const refused = await stranger.login(officer.email, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    const body = await problemOf(refused);
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/চেষ্টা/);
    const wait = body.retryAfterSeconds ?? 0;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(windowSeconds);
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil(wait));
    expect(refused.headers.getSetCookie()).toEqual([]);

    // The officer, at the office, on a browser never used before: not locked out.
    const atOffice = browserAt('198.51.100.10');
    const signedIn = await atOffice.login(officer.email, TEST_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect((await ctx.request('/api/auth/me', { agent: atOffice.agent })).status).toBe(200);

    // The stranger's address gets its turn back only when the window has passed.
    ctx.clock.advance(wait * 1000);
    expect((await stranger.login(officer.email, 'one more guess')).status).toBe(401);
  });

  it('slows a guess spread over many addresses, but never keeps the officer out of a browser used before', async () => {
    const officer = await createStaffUser(ctx, 'UNO');
    const usual = browserAt('198.51.100.20');
    expect((await usual.login(officer.email, TEST_PASSWORD)).status).toBe(200);

    // A botnet: one guess from each of many addresses, until the account's limit for unknown browsers is used up.
    const { limit } = AUTH_LIMITS.loginPerAccount;
    for (let i = 0; i < limit; i++) await tryThrottle(ctx.db, 'loginPerAccount', officer.email, ctx.clock.now);
    const fromBotnet = await browserAt('192.0.2.77').login(officer.email, 'yet another guess');
    expect(fromBotnet.status).toBe(429);
    expect(fromBotnet.headers.get('retry-after')).toMatch(/^\d+$/);

    // The officer's own browser is known (its device cookie), so it is limited on its own.
    const again = await usual.login(officer.email, TEST_PASSWORD);
    expect(again.status).toBe(200);
    // Also from another address (a phone moving between networks keeps its cookie).
    const moved = browserAt('100.64.9.9', usual.agent);
    expect((await moved.login(officer.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('limits guessing from a known browser per browser, and a cookie of another account does not count', async () => {
    const officer = await createStaffUser(ctx, 'Chairman');
    const other = await createStaffUser(ctx, 'BADC');
    const browser = browserAt('198.51.100.30');
    expect((await browser.login(officer.email, TEST_PASSWORD)).status).toBe(200);
    const tokenHash = (await ctx.db.selectFrom('staff_devices').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    expect(tokenHash).toHaveLength(1);
    for (let i = 0; i < AUTH_LIMITS.loginPerDevice.limit; i++)
      await tryThrottle(ctx.db, 'loginPerDevice', tokenHash[0]!, ctx.clock.now);
    expect((await browser.login(officer.email, TEST_PASSWORD)).status).toBe(429);
    // The same browser signing in to another account is an unknown browser for that account.
    expect((await browser.login(other.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('keeps the device token only as a hash, in an HttpOnly cookie sent to the sign-in routes only', async () => {
    const officer = await createStaffUser(ctx, 'UNO');
    const res = await login(new Agent(), officer.email, TEST_PASSWORD);
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith('portal_device='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    const token = /^portal_device=([^;]+)/.exec(cookie)![1]!;
    const stored = await ctx.db.selectFrom('staff_devices').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(token);
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

describe('registration answers the same whether or not the e-mail has an account (decision 014)', () => {
  it('creates a new e-mail without a role and signs nobody in; an Admin then gives the role', async () => {
    const agent = new Agent();
    const res = await ctx.request('/api/auth/register', {
      method: 'POST',
      json: { name: 'মোঃ রফিকুল ইসলাম', email: 'New.Officer@test.example', password: 'Nolkup-2026-sech' },
      agent,
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expect(res.headers.getSetCookie()).toEqual([]);
    await settleMail();
    expect(sent).toEqual([]);

    expect((await login(agent, 'new.officer@test.example', 'Nolkup-2026-sech')).status).toBe(200);
    expect((await meOf(await ctx.request('/api/auth/me', { agent }))).role).toBeNull();
    const staff = await ctx.request('/api/admin/accounts', { agent });
    expect(staff.status).toBe(403);
    expect((await problemOf(staff)).code).toBe('ACCOUNT_NO_ROLE');
  });

  it('for an e-mail that has an account: the same answer, nothing changed, a notice to its owner', async () => {
    const taken = await createStaffUser(ctx, 'UNO');
    const res = await ctx.request('/api/auth/register', {
      method: 'POST',
      json: { name: 'অন্য কেউ', email: taken.email.toUpperCase(), password: 'Someone-else-2026' },
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expect(res.headers.getSetCookie()).toEqual([]);

    expect((await login(new Agent(), taken.email, 'Someone-else-2026')).status).toBe(401);
    const owner = await login(new Agent(), taken.email, TEST_PASSWORD);
    expect(owner.status).toBe(200);
    expect((await meOf(owner)).role).toBe('UNO');
    const rows = await ctx.db.selectFrom('staff_users').select('id').execute();
    expect(rows).toHaveLength(1);

    await settleMail();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(taken.email);
    expect(sent[0]!.text).toContain('আগে থেকেই একটি অ্যাকাউন্ট আছে');
    expect(sent[0]!.text).toContain('https://sech.example.gov.bd/login');
    expect(sent[0]!.text).not.toContain('Someone-else-2026');
  });

  it('stops mailing one owner after a few attempts, still answering 202', async () => {
    const taken = await createStaffUser(ctx, 'UNO');
    for (let i = 0; i < 5; i++) {
      const res = await ctx.request('/api/auth/register', {
        method: 'POST',
        json: { name: 'অন্য কেউ', email: taken.email, password: `Someone-else-2026-${i}` },
      });
      expect(res.status).toBe(202);
    }
    await settleMail();
    expect(sent).toHaveLength(AUTH_LIMITS.registerNoticePerEmail.limit);
  });
});

describe("an officer's own name (docs/decisions/056-staff-names.md)", () => {
  it('keeps the name given at registration and answers it with the account', async () => {
    const agent = new Agent();
    const res = await ctx.request('/api/auth/register', {
      method: 'POST',
      json: { name: '  মোছাঃ নাসরিন আক্তার ', email: 'nasrin@test.example', password: 'Nolkup-2026-sech' },
    });
    expect(res.status).toBe(202);
    expect((await meOf(await login(agent, 'nasrin@test.example', 'Nolkup-2026-sech'))).name).toBe('মোছাঃ নাসরিন আক্তার');
  });

  it('refuses a registration without a name, saying so in Bangla, and makes no account', async () => {
    const res = await ctx.request('/api/auth/register', {
      method: 'POST',
      json: { name: '   ', email: 'nameless@test.example', password: 'Nolkup-2026-sech' },
    });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).fields).toEqual({ name: 'এই ঘরটি পূরণ করা আবশ্যক।' });
    expect(await ctx.db.selectFrom('staff_users').select('id').execute()).toEqual([]);
  });

  it('lets an officer set and change their own name, with an audit row of before and after', async () => {
    const officer = await signInAs(ctx, 'UNO');
    expect((await meOf(await ctx.request('/api/auth/me', { agent: officer }))).name).toBeNull();
    const set = await ctx.request('/api/auth/me/name', {
      method: 'PUT',
      json: { name: 'মোঃ রফিকুল ইসলাম' },
      agent: officer,
    });
    expect(set.status).toBe(200);
    expect((await meOf(set)).name).toBe('মোঃ রফিকুল ইসলাম');
    expect((await meOf(await ctx.request('/api/auth/me', { agent: officer }))).name).toBe('মোঃ রফিকুল ইসলাম');

    const admin = await signInAs(ctx, 'Admin');
    const accounts = (await (await ctx.request('/api/admin/accounts', { agent: admin })).json()) as {
      rows: { id: number; name: string | null }[];
    };
    expect(accounts.rows.find((a) => a.id === officer.id)?.name).toBe('মোঃ রফিকুল ইসলাম');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'account.rename')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(officer.id);
    expect(audit[0]!.details).toEqual({ before: { name: null }, after: { name: 'মোঃ রফিকুল ইসলাম' } });
  });

  it('refuses a blank or overlong name and keeps the name already saved', async () => {
    const officer = await signInAs(ctx, 'BADC');
    await ctx.request('/api/auth/me/name', { method: 'PUT', json: { name: 'আগের নাম' }, agent: officer });
    for (const name of ['', ' ', 'ক'.repeat(81)]) {
      const res = await ctx.request('/api/auth/me/name', { method: 'PUT', json: { name }, agent: officer });
      expect(res.status).toBe(400);
      expect(Object.keys((await problemOf(res)).fields ?? {})).toEqual(['name']);
    }
    expect((await meOf(await ctx.request('/api/auth/me', { agent: officer }))).name).toBe('আগের নাম');
  });

  it('asks a signed-out visitor to sign in', async () => {
    const res = await ctx.request('/api/auth/me/name', { method: 'PUT', json: { name: 'কেউ' } });
    expect(res.status).toBe(401);
  });
});

describe('the password rule (decision 014)', () => {
  const register = (email: string, password: string) =>
    ctx.request('/api/auth/register', { method: 'POST', json: { name: 'নতুন কর্মকর্তা', email, password } });

  it('refuses fewer than 15 characters and says so in Bangla; 15 are enough, counted as a person counts them', async () => {
    expect(PASSWORD_MIN).toBe(15);
    const short = await register('a@test.example', 'Sech-nolkup-14');
    expect(short.status).toBe(400);
    const problem = await problemOf(short);
    expect(problem.code).toBe('VALIDATION');
    expect(problem.fields?.password).toContain(`${toBanglaDigits(PASSWORD_MIN)}টি অক্ষর`);

    expect((await register('b@test.example', 'Sech-nolkup-015')).status).toBe(202);
    // A Bangla sentence is as good as any.
    expect((await register('c@test.example', 'আমার সেচ পাম্প নম্বর সাত')).status).toBe(202);
    // An emoji is one character, not two: these 14 characters are too short, although 20 UTF-16 units.
    const emoji = '🌾🌾🌾🌾🌾🌾 sech-23';
    expect(emoji.length).toBeGreaterThanOrEqual(PASSWORD_MIN);
    expect((await register('d@test.example', emoji)).status).toBe(400);
  });

  it('accepts up to 128 characters and no composition rules: lower-case words are fine', async () => {
    const longest = 'tube well under the mango tree '.padEnd(PASSWORD_MAX, 'z');
    expect((await register('e@test.example', longest)).status).toBe(202);
    expect((await register('f@test.example', `${longest}z`)).status).toBe(400);
    expect((await register('g@test.example', 'river fields at dawn')).status).toBe(202);
  });

  it('refuses an easy guess with the reason in Bangla', async () => {
    const cases: [string, string, RegExp][] = [
      ['h@test.example', 'Password Password', /ফাঁস হওয়া/],
      ['i@test.example', 'abcabcabcabcabcabc', /বারবার/],
      ['j@test.example', 'abcdefghijklmnopq', /বারবার/],
      ['k@test.example', '987654321098765', /বারবার/],
      ['karim.uddin@test.example', 'karim.uddin-2026-sech', /ই-মেইলের নাম/],
    ];
    for (const [email, password, reason] of cases) {
      const res = await register(email, password);
      expect(res.status, password).toBe(400);
      const problem = await problemOf(res);
      expect(problem.code, password).toBe('WEAK_PASSWORD');
      expect(problem.fields?.password, password).toMatch(reason);
    }
  });

  it('states the number in the texts a person reads (hint and refusal, Bangla and English)', () => {
    const bnDigits = toBanglaDigits(PASSWORD_MIN);
    expect(translate('bn', 'auth.password.tooShort')).toContain(bnDigits);
    expect(translate('bn', 'staff.passwordHint')).toContain(bnDigits);
    expect(translate('en', 'auth.password.tooShort')).toContain(String(PASSWORD_MIN));
    expect(translate('en', 'staff.passwordHint')).toContain(String(PASSWORD_MIN));
  });

  it('lets an account with an older, shorter password sign in, but only to change it', async () => {
    const old = await createStaffUser(ctx, 'BADC', { password: 'sech2019' });
    const agent = new Agent();
    const res = await login(agent, old.email, 'sech2019');
    expect(res.status).toBe(200);
    expect((await meOf(res)).mustChangePassword).toBe(true);
    const refused = await ctx.request('/api/staff/queues/badc-unseen', { agent });
    expect(refused.status).toBe(403);
    expect((await problemOf(refused)).code).toBe('PASSWORD_CHANGE_REQUIRED');

    const changed = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: 'sech2019', newPassword: 'Sech-Nolkup-since-2019' },
      agent,
    });
    expect(changed.status).toBe(204);
    expect((await meOf(await ctx.request('/api/auth/me', { agent }))).mustChangePassword).toBe(false);
    expect((await ctx.request('/api/staff/queues/badc-unseen', { agent })).status).toBe(200);
  });

  it('does not take the current password as the new one', async () => {
    const agent = await signInAs(ctx, 'UNO');
    const res = await ctx.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      agent,
    });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).fields?.newPassword).toMatch(/বর্তমান পাসওয়ার্ডের মতোই/);
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
