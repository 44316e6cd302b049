import type { ProblemBody } from '@portal/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createTestContext, type TestContext } from '../../test/harness.js';
import { createStaffUser, signInAs, TEST_PASSWORD } from '../../test/roles.js';
import { setMailTransport, settleMail, type MailMessage } from '../../platform/mail/mailer.js';
import { officesChanged } from '../offices/offices.repository.js';

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

async function forgot(email: string): Promise<Response> {
  const res = await ctx.request('/api/auth/forgot', { method: 'POST', json: { email } });
  await settleMail();
  return res;
}

function tokenFrom(mail: MailMessage): string {
  const match = /https:\/\/sech\.example\.gov\.bd\/reset-password\?token=([\w-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1]!;
}

const problemOf = async (res: Response) => ((await res.json()) as ProblemBody).error;

const NEW_PASSWORD = 'Notun-Pass-2026';

describe('password reset by e-mail', () => {
  it("links to the office's own address when asked on it, never to a host name no office holds", async () => {
    const officer = await signInAs(ctx, 'UNO');
    await ctx.baseDb.updateTable('offices').set({ host: 'shibganj.localhost' }).where('id', '=', 1).execute();
    officesChanged(ctx.baseDb);
    const ask = (host: string) =>
      ctx.request(`http://${host}/api/auth/forgot`, { method: 'POST', json: { email: officer.email } });
    expect((await ask('shibganj.localhost')).status).toBe(202);
    // One office answers every name; a made-up one gets PUBLIC_URL, not itself.
    expect((await ask('attacker.example')).status).toBe(202);
    await settleMail();
    expect(sent.map((m) => /https:\/\/[^/\s]+\/reset-password/.exec(m.text)?.[0])).toEqual([
      'https://shibganj.localhost/reset-password',
      'https://sech.example.gov.bd/reset-password',
    ]);
  });

  it('mails a one-hour, single-use link; using it sets the password and signs out every device', async () => {
    const officer = await signInAs(ctx, 'UNO');
    const res = await forgot(officer.email.toUpperCase());
    expect(res.status).toBe(202);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(officer.email);
    expect(sent[0]!.text).toMatch(/পাসওয়ার্ড/);
    const token = tokenFrom(sent[0]!);

    const reset = await ctx.request('/api/auth/reset', { method: 'POST', json: { token, password: NEW_PASSWORD } });
    expect(reset.status).toBe(204);
    expect((await ctx.request('/api/auth/me', { agent: officer })).status).toBe(401);

    const login = (password: string) =>
      ctx.request('/api/auth/login', { method: 'POST', json: { email: officer.email, password }, agent: new Agent() });
    expect((await login(TEST_PASSWORD)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);

    const again = await ctx.request('/api/auth/reset', {
      method: 'POST',
      json: { token, password: 'Another-Pass-77' },
    });
    expect(again.status).toBe(400);
    expect((await problemOf(again)).code).toBe('RESET_TOKEN_INVALID');
  });

  it('answers 202 for an unknown e-mail too, and sends nothing', async () => {
    const res = await forgot('nobody@test.example');
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expect(sent).toHaveLength(0);
  });

  it('refuses a link older than one hour, and a made-up one', async () => {
    const user = await createStaffUser(ctx, 'BADC');
    await forgot(user.email);
    const token = tokenFrom(sent[0]!);
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    const late = await ctx.request('/api/auth/reset', { method: 'POST', json: { token, password: NEW_PASSWORD } });
    expect(late.status).toBe(400);
    expect((await problemOf(late)).code).toBe('RESET_TOKEN_INVALID');
    const fake = await ctx.request('/api/auth/reset', {
      method: 'POST',
      json: { token: 'x'.repeat(43), password: NEW_PASSWORD },
    });
    expect(fake.status).toBe(400);
  });

  it('refuses a short or common password, saying why in Bangla, without using up the link', async () => {
    const user = await createStaffUser(ctx, 'BADC');
    await forgot(user.email);
    const token = tokenFrom(sent[0]!);
    const short = await ctx.request('/api/auth/reset', { method: 'POST', json: { token, password: 'Notun-Pass-26' } });
    expect(short.status).toBe(400);
    expect((await problemOf(short)).fields?.password).toMatch(/অন্তত ১৫টি অক্ষর/);
    const weak = await ctx.request('/api/auth/reset', {
      method: 'POST',
      json: { token, password: 'iloveyouiloveyou' },
    });
    expect(weak.status).toBe(400);
    const problem = await problemOf(weak);
    expect(problem.code).toBe('WEAK_PASSWORD');
    expect(problem.fields?.password).toMatch(/ফাঁস হওয়া/);
    expect(
      (await ctx.request('/api/auth/reset', { method: 'POST', json: { token, password: NEW_PASSWORD } })).status,
    ).toBe(204);
  });

  it('stops mailing one address after a few requests, still answering 202', async () => {
    const user = await createStaffUser(ctx, 'Chairman');
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).status).toBe(202);
    expect(sent.length).toBe(3);
  });

  it('writes the e-mail to the server log when no SMTP server is configured', async () => {
    setMailTransport(null);
    const user = await createStaffUser(ctx, 'Chairman');
    const lines: string[] = [];
    const original = console.info;
    console.info = (...args: unknown[]) => void lines.push(args.join(' '));
    try {
      await forgot(user.email);
    } finally {
      console.info = original;
    }
    const logged = lines.join('\n');
    expect(logged).toContain(user.email);
    expect(logged).toMatch(/reset-password\?token=[\w-]{20,}/);
  });
});
