import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CITIZEN_GRANT_COOKIE, OTP } from '@portal/shared';
import { Agent, createTestContext, type TestContext } from '../../test/harness.js';
import { startStubGateway, type StubGateway } from '../sms/stub-gateway.js';
import { drainOnce } from '../sms/worker.js';
import { insertApplication, lastCodeSentTo, sendCode, verifiedAgent } from './verification-fixtures.js';

let ctx: TestContext;
let stub: StubGateway;

beforeEach(async () => {
  stub = await startStubGateway();
  ctx = await createTestContext({ sms: { driver: 'http', url: stub.url, token: stub.token, pollMs: 60_000 } });
});
afterEach(async () => {
  await ctx.close();
  await stub.close();
});

const confirm = (challengeId: string, code: string, agent?: Agent) =>
  ctx.request('/api/verification/confirm', { method: 'POST', agent, json: { challengeId, code } });

async function challenge(applicationNumber: number | string, mobile: string): Promise<string> {
  const res = await sendCode(ctx, { applicationNumber, mobile });
  expect(res.status).toBe(202);
  return ((await res.json()) as { challengeId: string }).challengeId;
}

const otpRows = () => ctx.db.selectFrom('sms_outbox').selectAll().where('kind', '=', 'otp').execute();

describe('sending a code', () => {
  it('texts a 6-digit code to the applicant through the gateway and stores only its hash', async () => {
    const app = await insertApplication(ctx, { mobile: '01712345678' });
    const res = await sendCode(ctx, {
      applicationNumber: String(app.application_number).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[+d]!),
      mobile: '০১৭১২৩৪৫৬৭৮',
    });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { challengeId: string; expiresInSeconds: number; message: string };
    expect(body.expiresInSeconds).toBe(OTP.ttlSeconds);
    expect(body.message).toMatch(/কোড/);

    await drainOnce(ctx.deps);
    expect(stub.received).toHaveLength(1);
    expect(stub.received[0]!.to).toBe('8801712345678');
    const code = /\b(\d{6})\b/.exec(stub.received[0]!.message)![1]!;

    const stored = await ctx.db.selectFrom('otp_challenges').selectAll().executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.application_id).toBe(app.id);

    const ok = await confirm(body.challengeId, code);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      applicationId: app.id,
      applicationNumber: app.application_number,
      purpose: 1,
    });
  });

  it('answers the same for a number or mobile that matches no application, and texts nobody', async () => {
    const app = await insertApplication(ctx, { mobile: '01712345678' });
    const real = await sendCode(ctx, { applicationNumber: app.application_number, mobile: '01712345678' });
    const wrongMobile = await sendCode(ctx, { applicationNumber: app.application_number, mobile: '01812345678' });
    const noSuchApp = await sendCode(ctx, { applicationNumber: 999999, mobile: '01912345678' });
    const bodies = await Promise.all(
      [real, wrongMobile, noSuchApp].map(async (r) => ({
        status: r.status,
        body: (await r.json()) as Record<string, unknown>,
      })),
    );
    for (const b of bodies) {
      expect(b.status).toBe(202);
      expect(Object.keys(b.body).sort()).toEqual(['challengeId', 'expiresInSeconds', 'message']);
      expect(b.body.message).toBe(bodies[0]!.body.message);
      expect(b.body.expiresInSeconds).toBe(bodies[0]!.body.expiresInSeconds);
    }
    expect((await otpRows()).map((r) => r.to_number)).toEqual(['01712345678']);

    // A guessed code on the unmatched challenge fails exactly like a wrong code on a real one.
    const fake = await confirm(bodies[2]!.body.challengeId as string, '123456');
    const wrongReal = await confirm(
      bodies[0]!.body.challengeId as string,
      (await lastCodeSentTo(ctx, '01712345678')) === '000000' ? '000001' : '000000',
    );
    expect(fake.status).toBe(400);
    expect(wrongReal.status).toBe(400);
    expect(((await fake.json()) as { error: { code: string } }).error.code).toBe('OTP_WRONG');
  });

  it('allows 3 sends per number in 15 minutes, from any address, then 429 with a retry time', async () => {
    ctx.deps.config.trustProxyHops = 1;
    try {
      const app = await insertApplication(ctx, { mobile: '01712345678' });
      for (let i = 0; i < OTP.sendsPerNumberPer15Min; i++) {
        const res = await sendCode(
          ctx,
          { applicationNumber: app.application_number, mobile: '01712345678' },
          { 'x-forwarded-for': `10.0.0.${i}` },
        );
        expect(res.status).toBe(202);
      }
      const refused = await sendCode(
        ctx,
        { applicationNumber: app.application_number, mobile: '01712345678' },
        { 'x-forwarded-for': '10.0.0.99' },
      );
      expect(refused.status).toBe(429);
      const problem = (await refused.json()) as { error: { code: string; message: string; retryAfterSeconds: number } };
      expect(problem.error.code).toBe('RATE_LIMITED');
      expect(problem.error.message).toMatch(/চেষ্টা/);
      expect(problem.error.retryAfterSeconds).toBeGreaterThan(0);
      expect(problem.error.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(await otpRows()).toHaveLength(OTP.sendsPerNumberPer15Min);

      ctx.clock.advance(15 * 60 * 1000 + 1000);
      expect((await sendCode(ctx, { applicationNumber: app.application_number, mobile: '01712345678' })).status).toBe(
        202,
      );
    } finally {
      ctx.deps.config.trustProxyHops = 0;
    }
  });

  it("lets no stranger cancel an applicant's code or spend its budget by naming a made-up application number (issue 7)", async () => {
    ctx.deps.config.trustProxyHops = 1;
    const mobile = '01712345678';
    const app = await insertApplication(ctx, { mobile });
    const fromApplicant = { 'x-forwarded-for': '203.0.113.5' };
    const realId = await challenge(app.application_number, mobile);
    const realCode = await lastCodeSentTo(ctx, mobile);

    // The attacker knows the mobile only; each of these looks exactly like a real send, then a real refusal.
    const madeUp = app.application_number + 1000;
    const fromAttacker = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
    const attempts: Response[] = [];
    for (let i = 0; i <= OTP.sendsPerNumberPer15Min; i++) {
      attempts.push(await sendCode(ctx, { applicationNumber: madeUp, mobile }, fromAttacker(i)));
    }
    expect(attempts.map((r) => r.status)).toEqual([...Array(OTP.sendsPerNumberPer15Min).fill(202), 429]);
    expect(await otpRows()).toHaveLength(1);

    // The applicant's code still works, and the applicant can still ask for a new one, which works too.
    expect((await confirm(realId, realCode)).status).toBe(200);
    const again = await sendCode(ctx, { applicationNumber: app.application_number, mobile }, fromApplicant);
    expect(again.status).toBe(202);
    expect(await otpRows()).toHaveLength(2);
    const newId = ((await again.json()) as { challengeId: string }).challengeId;
    expect((await confirm(newId, await lastCodeSentTo(ctx, mobile))).status).toBe(200);
  });

  it('limits sends per address across different numbers', async () => {
    for (let i = 0; i < OTP.sendsPerAddressPer15Min; i++) {
      expect((await sendCode(ctx, { applicationNumber: 1, mobile: `0171000000${i}` })).status).toBe(202);
    }
    const refused = await sendCode(ctx, { applicationNumber: 1, mobile: '01810000000' });
    expect(refused.status).toBe(429);
  });

  it('refuses a mobile number that is not Bangladeshi with a Bangla field message', async () => {
    const res = await sendCode(ctx, { applicationNumber: 1, mobile: '12345' });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(problem.error.code).toBe('VALIDATION');
    expect(problem.error.fields.mobile).toMatch(/মোবাইল/);
  });
});

describe('confirming a code', () => {
  let app: { id: string; application_number: number };
  beforeEach(async () => {
    app = await insertApplication(ctx, { mobile: '01712345678' });
  });

  it('counts wrong tries down and locks the code after the fifth, even for the right code then', async () => {
    const id = await challenge(app.application_number, '01712345678');
    const code = await lastCodeSentTo(ctx, '01712345678');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let left = OTP.maxWrongTries - 1; left >= 1; left--) {
      const res = await confirm(id, wrong);
      expect(res.status).toBe(400);
      const p = (await res.json()) as {
        error: { code: string; fields: { code: string }; current: { remainingTries: number } };
      };
      expect(p.error.code).toBe('OTP_WRONG');
      expect(p.error.current.remainingTries).toBe(left);
      expect(p.error.fields.code).toMatch(/আরও/);
    }
    const fifth = await confirm(id, wrong);
    expect(fifth.status).toBe(429);
    expect(((await fifth.json()) as { error: { code: string } }).error.code).toBe('OTP_LOCKED');
    const right = await confirm(id, code);
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie().join()).not.toContain(CITIZEN_GRANT_COOKIE);
  });

  it('refuses a code after 10 minutes', async () => {
    const id = await challenge(app.application_number, '01712345678');
    const code = await lastCodeSentTo(ctx, '01712345678');
    ctx.clock.advance(OTP.ttlSeconds * 1000 + 1000);
    const res = await confirm(id, code);
    expect(res.status).toBe(410);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('OTP_EXPIRED');
  });

  it('accepts a code once only, sets an HttpOnly SameSite=Lax grant cookie, and takes Bangla digits', async () => {
    const id = await challenge(app.application_number, '01712345678');
    const code = await lastCodeSentTo(ctx, '01712345678');
    const banglaCode = code.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[+d]!);
    const first = await confirm(id, banglaCode);
    expect(first.status).toBe(200);
    const cookie = first.headers.getSetCookie().find((l) => l.startsWith(`${CITIZEN_GRANT_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);
    const again = await confirm(id, code);
    expect(again.status).toBe(410);
  });

  it('makes an earlier code stop working when a new one is sent', async () => {
    const firstId = await challenge(app.application_number, '01712345678');
    const firstCode = await lastCodeSentTo(ctx, '01712345678');
    const secondId = await challenge(app.application_number, '01712345678');
    const secondCode = await lastCodeSentTo(ctx, '01712345678');
    expect((await confirm(firstId, firstCode)).status).toBe(410);
    expect((await confirm(secondId, secondCode)).status).toBe(200);
  });
});

describe('the grant', () => {
  it('opens only the application it was issued for, ends on cancel and after its lifetime', async () => {
    const mine = await insertApplication(ctx, { mobile: '01712345678', name: 'করিম' });
    const theirs = await insertApplication(ctx, { mobile: '01812345678', name: 'রহিমা' });
    const me = await verifiedAgent(ctx, mine, '01712345678');
    const them = await verifiedAgent(ctx, theirs, '01812345678');

    const myPanel = (await (await ctx.request('/api/citizen/application', { agent: me })).json()) as {
      applicationId: string;
      applicantName: string;
    };
    expect(myPanel).toMatchObject({ applicationId: mine.id, applicantName: 'করিম' });
    const theirPanel = (await (await ctx.request('/api/citizen/application', { agent: them })).json()) as {
      applicationId: string;
    };
    expect(theirPanel.applicationId).toBe(theirs.id);

    const anonymous = await ctx.request('/api/citizen/application');
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('VERIFICATION_REQUIRED');
    const forged = await ctx.request('/api/citizen/application', {
      headers: { cookie: `${CITIZEN_GRANT_COOKIE}=${'a'.repeat(43)}` },
    });
    expect(forged.status).toBe(401);

    expect((await ctx.request('/api/verification/grant', { method: 'DELETE', agent: me })).status).toBe(204);
    expect((await ctx.request('/api/citizen/application', { agent: me })).status).toBe(401);

    ctx.clock.advance(OTP.grantTtlSeconds * 1000 + 1000);
    expect((await ctx.request('/api/citizen/application', { agent: them })).status).toBe(401);
  });

  it('never puts the gateway token in any answer', async () => {
    const app = await insertApplication(ctx, { mobile: '01712345678' });
    const agent = new Agent();
    const answers: Response[] = [];
    answers.push(await sendCode(ctx, { applicationNumber: app.application_number, mobile: '01712345678' }));
    const { challengeId } = (await answers[0]!.clone().json()) as { challengeId: string };
    await drainOnce(ctx.deps);
    const code = /\b(\d{6})\b/.exec(stub.received[0]!.message)![1]!;
    answers.push(await confirm(challengeId, '000000' === code ? '000001' : '000000', agent));
    answers.push(await confirm(challengeId, code, agent));
    answers.push(await ctx.request('/api/citizen/application', { agent }));
    answers.push(await ctx.request('/api/openapi.json'));
    answers.push(await ctx.request('/api/verification/grant', { method: 'DELETE', agent }));
    for (const res of answers) {
      const text = (await res.text()) + JSON.stringify([...res.headers]);
      expect(text).not.toContain(stub.token);
    }
    expect(answers[2]!.status).toBe(200);
  });
});
