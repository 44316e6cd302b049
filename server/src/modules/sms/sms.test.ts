import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { smsText, smsKindLabel } from './messages.js';
import { enqueueSms } from './outbox.js';
import { startStubGateway, type StubGateway } from './stub-gateway.js';
import { drainOnce, nudgeSmsWorker, SMS_RETRY, startSmsWorker } from './worker.js';

let ctx: TestContext;
let stub: StubGateway;
const rows = () => ctx.db.selectFrom('sms_outbox').selectAll().orderBy('id').execute();

describe('text-message outbox', () => {
  beforeEach(async () => {
    stub = await startStubGateway();
    ctx = await createTestContext({ sms: { driver: 'http', url: stub.url, token: stub.token, pollMs: 60_000 } });
  });
  afterEach(async () => {
    await ctx.close();
    await stub.close();
  });

  it('delivers a queued message through the gateway as 88 + the number, and marks it sent', async () => {
    await enqueueSms(ctx.db, { to: '০১৭১২৩৪৫৬৭৮', body: 'পরীক্ষা', kind: 'test' });
    expect(await drainOnce(ctx.deps)).toBe(1);
    expect(stub.received).toEqual([{ to: '8801712345678', message: 'পরীক্ষা' }]);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, to_number: '01712345678' });
    expect(row!.gateway_reply).toMatch(/^Ok/);
  });

  it('keeps retrying through a gateway outage with backoff and then delivers each message exactly once', async () => {
    stub.setFailing(3);
    await enqueueSms(ctx.db, { to: '01712345678', body: 'এক', kind: 'test' });
    await enqueueSms(ctx.db, { to: '01812345678', body: 'দুই', kind: 'test' });

    await drainOnce(ctx.deps); // both fail (2 of the 3 failures)
    expect(stub.received).toHaveLength(0);
    let [a, b] = await rows();
    expect(a).toMatchObject({ status: 'pending', attempts: 1 });
    expect(a!.last_error).toContain('503');
    expect(b).toMatchObject({ status: 'pending', attempts: 1 });

    // Not due yet: nothing is sent before the backoff has passed.
    expect(await drainOnce(ctx.deps)).toBe(0);
    ctx.clock.advance(SMS_RETRY.firstDelayMs);
    await drainOnce(ctx.deps); // first fails once more, second gets through
    ctx.clock.advance(2 * SMS_RETRY.firstDelayMs);
    await drainOnce(ctx.deps);
    ctx.clock.advance(SMS_RETRY.maxDelayMs);
    expect(await drainOnce(ctx.deps)).toBe(0);

    expect(stub.received.map((m) => m.message).sort()).toEqual(['এক', 'দুই']);
    expect(stub.accepted).toBe(2);
    [a, b] = await rows();
    expect(a).toMatchObject({ status: 'sent', attempts: 3 });
    expect(b).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('treats a reply that does not begin with "Ok" as a failure and never stores the token', async () => {
    const wrong = await createTestContext({
      sms: { driver: 'http', url: stub.url, token: 'not-the-token', pollMs: 60_000 },
    });
    try {
      await enqueueSms(wrong.db, { to: '01712345678', body: 'এক', kind: 'test' });
      await drainOnce(wrong.deps);
      const [row] = await wrong.db.selectFrom('sms_outbox').selectAll().execute();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.last_error).toContain('invalid token');
      expect(JSON.stringify(row)).not.toContain('not-the-token');
      expect(stub.received).toHaveLength(0);
    } finally {
      await wrong.close();
    }
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    stub.setFailing(1000);
    await enqueueSms(ctx.db, { to: '01712345678', body: 'এক', kind: 'test' });
    for (let i = 0; i < SMS_RETRY.maxAttempts + 2; i++) {
      await drainOnce(ctx.deps);
      ctx.clock.advance(SMS_RETRY.maxDelayMs);
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: SMS_RETRY.maxAttempts });
    expect(stub.requests).toBe(SMS_RETRY.maxAttempts);
  });

  it('takes back a message left "sending" by a dead process only after its lease, and sends it once', async () => {
    await enqueueSms(ctx.db, { to: '01712345678', body: 'এক', kind: 'test' });
    const leaseEnd = new Date(ctx.clock.now.getTime() + SMS_RETRY.leaseMs);
    await ctx.db.updateTable('sms_outbox').set({ status: 'sending', attempts: 1, next_attempt_at: leaseEnd }).execute();
    expect(await drainOnce(ctx.deps)).toBe(0);
    ctx.clock.advance(SMS_RETRY.leaseMs + 1000);
    expect(await drainOnce(ctx.deps)).toBe(1);
    expect(await drainOnce(ctx.deps)).toBe(0);
    expect(stub.received).toHaveLength(1);
  });

  it('drops a second message with the same dedupe key', async () => {
    await enqueueSms(ctx.db, { to: '01712345678', body: 'এক', kind: 'approved', dedupeKey: 'approved:1' });
    await enqueueSms(ctx.db, { to: '01712345678', body: 'এক', kind: 'approved', dedupeKey: 'approved:1' });
    await drainOnce(ctx.deps);
    expect(stub.received).toHaveLength(1);
  });

  it('sends each message once when two workers drain at the same time', async () => {
    for (let i = 0; i < 6; i++) await enqueueSms(ctx.db, { to: '01712345678', body: `বার্তা ${i}`, kind: 'test' });
    await Promise.all([drainOnce(ctx.deps), drainOnce(ctx.deps)]);
    expect(stub.received.map((m) => m.message).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `বার্তা ${i}`));
  });

  it('sends a code at once when nudged, without waiting for the next poll', async () => {
    const stop = startSmsWorker({ ...ctx.deps, pollMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 200)); // the first (empty) pass
      await enqueueSms(ctx.db, { to: '01712345678', body: 'কোড', kind: 'otp' });
      nudgeSmsWorker();
      const start = Date.now();
      while (stub.received.length === 0 && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 20));
      expect(stub.received).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('records a number the gateway cannot take as failed without sending it', async () => {
    await enqueueSms(ctx.db, { to: '12345', body: 'এক', kind: 'test' });
    expect(await drainOnce(ctx.deps)).toBe(0);
    const [row] = await rows();
    expect(row!.status).toBe('failed');
  });
});

describe('without a gateway (the log driver)', () => {
  it('prints each message to the console, so a newcomer can read the code there, and marks it sent', async () => {
    const local = await createTestContext();
    const print = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await enqueueSms(local.db, { to: '01712345678', body: 'আপনার যাচাই কোড 123456', kind: 'otp' });
      await drainOnce(local.deps);
      expect(print.mock.calls.flat().join(' ')).toContain('আপনার যাচাই কোড 123456');
      const [row] = await local.db.selectFrom('sms_outbox').selectAll().execute();
      expect(row!.status).toBe('sent');
    } finally {
      print.mockRestore();
      await local.close();
    }
  });
});

describe('SMS_DRIVER=log', () => {
  it('prints even when the Admin has entered a gateway in the site settings', async () => {
    const stub = await startStubGateway();
    const local = await createTestContext({ sms: { driver: 'log', url: null, token: null, pollMs: 60_000 } });
    const print = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await local.db
        .updateTable('site_settings')
        .set({ data: JSON.stringify({ smsGatewayUrl: stub.url, smsToken: stub.token }) })
        .where('id', '=', 1)
        .execute();
      await enqueueSms(local.db, { to: '01712345678', body: 'শুধু কনসোলে', kind: 'bulk' });
      await drainOnce(local.deps);
      expect(print.mock.calls.flat().join(' ')).toContain('শুধু কনসোলে');
      expect(stub.requests).toBe(0);
    } finally {
      print.mockRestore();
      await local.close();
      await stub.close();
    }
  });
});

describe('which gateway gets which token (issue 7)', () => {
  it('never sends the configured token (SMS_GATEWAY_TOKEN) to an address typed on the settings screen', async () => {
    const attacker = await startStubGateway({ token: 'configured-secret-token' });
    const local = await createTestContext({
      sms: { driver: 'auto', url: null, token: 'configured-secret-token', pollMs: 60_000 },
    });
    const print = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await local.db
        .updateTable('site_settings')
        .set({ data: JSON.stringify({ smsGatewayUrl: attacker.url }) })
        .where('id', '=', 1)
        .execute();
      await enqueueSms(local.db, { to: '01712345678', body: 'গোপন নয়', kind: 'test' });
      await drainOnce(local.deps);
      expect(attacker.requests).toBe(0);
    } finally {
      print.mockRestore();
      await local.close();
      await attacker.close();
    }
  });

  it("sends the Admin's token to the configured address, and the configured pair as configured", async () => {
    const gateway = await startStubGateway();
    const fromSettings = await createTestContext({
      sms: { driver: 'http', url: gateway.url, token: null, pollMs: 60_000 },
    });
    const fromConfig = await createTestContext({
      sms: { driver: 'http', url: gateway.url, token: gateway.token, pollMs: 60_000 },
    });
    try {
      await fromSettings.db
        .updateTable('site_settings')
        .set({ data: JSON.stringify({ smsGatewayUrl: 'http://127.0.0.1:9/ignored', smsToken: gateway.token }) })
        .where('id', '=', 1)
        .execute();
      await enqueueSms(fromSettings.db, { to: '01712345678', body: 'এক', kind: 'test' });
      await drainOnce(fromSettings.deps);
      await enqueueSms(fromConfig.db, { to: '01812345678', body: 'দুই', kind: 'test' });
      await drainOnce(fromConfig.deps);
      expect(gateway.received.map((m) => m.message)).toEqual(['এক', 'দুই']);
    } finally {
      await fromSettings.close();
      await fromConfig.close();
      await gateway.close();
    }
  }, 120_000);
});

describe('Bangla text messages', () => {
  const webUrl = 'https://sech.upazila.gov.bd/';
  it('fit in two SMS parts (134 UCS-2 characters) and end with the site they come from', () => {
    const texts = [
      smsText.applicationReceived({ applicationNumber: 12345, webUrl }),
      smsText.otp({ code: '123456', siteName: webUrl }),
      smsText.approved({ applicationNumber: 12345, kindLabel: smsKindLabel('New'), webUrl }),
      smsText.declined({ applicationNumber: 12345, reason: 'জমির কাগজ অসম্পূর্ণ', webUrl }),
      smsText.recheck({ applicationNumber: 12345, message: 'খতিয়ানের কপি আবার দিন', webUrl }),
      smsText.suspended({ note: 'শর্ত ভঙ্গ', webUrl }),
    ];
    for (const text of texts) {
      expect(text.length).toBeLessThanOrEqual(134);
      expect(text.endsWith('sech.upazila.gov.bd থেকে')).toBe(true);
    }
    expect(texts[0]).toContain('১২৩৪৫');
    expect(texts[1]).toContain('123456');
  });

  it('cuts a long officer note so the message stays within four parts', () => {
    const text = smsText.declined({ applicationNumber: 1, reason: 'ক'.repeat(1000), webUrl });
    expect(text.length).toBeLessThanOrEqual(4 * 67);
  });
});
