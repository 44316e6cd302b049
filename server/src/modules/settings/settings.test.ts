import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locality, ProblemBody, PublicSettings } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { startStubGateway } from '../sms/stub-gateway.js';
import { enqueueSms } from '../sms/outbox.js';
import { drainOnce } from '../sms/worker.js';
import { getSettings } from './settings.repository.js';

let ctx: TestContext;
let admin: StaffAgent;
beforeEach(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
});
afterEach(async () => {
  await ctx.close();
});

const SECRET = 'gw-secret-token-AB12-7788';

describe('site settings', () => {
  it('shows visitors the defaults and nothing secret', async () => {
    const res = await ctx.request('/api/public/settings');
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicSettings & Record<string, unknown>;
    expect(body.websiteTitle).toBe('উপজেলা সেচ নলকূপ লাইসেন্স');
    expect(body.others1).toBe('ON');
    expect(body).not.toHaveProperty('smsToken');
    expect(body).not.toHaveProperty('smsGatewayUrl');
    expect(body).not.toHaveProperty('staffMobile');
  });

  it('lets the Admin save settings; the SMS token is stored but never sent back', async () => {
    const bodies: string[] = [];
    const put = await ctx.request('/api/admin/settings', {
      method: 'PUT',
      json: { websiteName: 'সেচ পোর্টাল', address: 'গোদাগাড়ী', jilla: 'রাজশাহী', others1: 'OFF', smsToken: SECRET },
      agent: admin,
    });
    expect(put.status).toBe(200);
    bodies.push(await put.clone().text());
    const saved = (await put.json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ websiteName: 'সেচ পোর্টাল', others1: 'OFF', smsTokenSet: true, smsToken: '••••7788' });

    const get = await ctx.request('/api/admin/settings', { agent: admin });
    bodies.push(await get.text());
    const pub = await ctx.request('/api/public/settings');
    const pubText = await pub.text();
    bodies.push(pubText);
    expect((JSON.parse(pubText) as PublicSettings).address).toBe('গোদাগাড়ী');
    for (const text of bodies) expect(text).not.toContain(SECRET);
    expect((await getSettings(ctx.db)).smsToken).toBe(SECRET);

    // The form sends back the mask (or nothing): the stored token stays; a new value replaces it.
    for (const smsToken of ['••••7788', '', undefined]) {
      const again = await ctx.request('/api/admin/settings', {
        method: 'PUT',
        json: { phone1: '01711000000', smsToken },
        agent: admin,
      });
      expect(again.status).toBe(200);
      expect(await again.text()).not.toContain(SECRET);
      expect((await getSettings(ctx.db)).smsToken).toBe(SECRET);
    }
    await ctx.request('/api/admin/settings', { method: 'PUT', json: { smsToken: 'new-token-9999' }, agent: admin });
    expect((await getSettings(ctx.db)).smsToken).toBe('new-token-9999');
    expect((await getSettings(ctx.db)).websiteName).toBe('সেচ পোর্টাল');
  });

  it('refuses a bad value with a Bangla field message and keeps what was saved', async () => {
    const res = await ctx.request('/api/admin/settings', {
      method: 'PUT',
      json: { others1: 'MAYBE', websiteName: 'x' },
      agent: admin,
    });
    expect(res.status).toBe(400);
    const problem = ((await res.json()) as ProblemBody).error;
    expect(problem.code).toBe('VALIDATION');
    expect(Object.keys(problem.fields ?? {})).toContain('others1');
    expect((await getSettings(ctx.db)).websiteName).toBe('');
  });
});

describe('the SMS gateway token (issue 7)', () => {
  const put = (json: Record<string, unknown>) =>
    ctx.request('/api/admin/settings', { method: 'PUT', json, agent: admin });

  it('refuses a new gateway address unless the token is typed again, with a Bangla field message', async () => {
    expect((await put({ smsGatewayUrl: 'https://sms.example.com/api', smsToken: SECRET })).status).toBe(200);

    // The address alone, or with the mask the form was shown: refused, nothing changes.
    for (const smsToken of [undefined, '', '••••7788']) {
      const res = await put({ smsGatewayUrl: 'https://attacker.example/collect', smsToken, websiteName: 'x' });
      expect(res.status).toBe(400);
      const problem = ((await res.json()) as ProblemBody).error;
      expect(problem.code).toBe('VALIDATION');
      expect(problem.fields?.smsToken).toBe('গেটওয়ের ঠিকানা বদলালে টোকেনটি আবার লিখুন, অথবা রাখা টোকেনটি মুছে দিন।');
      expect(problem.messageEn).toBeTruthy();
      const stored = await getSettings(ctx.db);
      expect(stored).toMatchObject({ smsGatewayUrl: 'https://sms.example.com/api', smsToken: SECRET, websiteName: '' });
    }

    // The same address (other settings saved) and a new address with the token typed again are fine.
    expect((await put({ smsGatewayUrl: ' https://sms.example.com/api ', phone1: '01711000000' })).status).toBe(200);
    const moved = await put({ smsGatewayUrl: 'https://sms2.example.com/api', smsToken: 'new-token-4321' });
    expect(moved.status).toBe(200);
    expect(await getSettings(ctx.db)).toMatchObject({
      smsGatewayUrl: 'https://sms2.example.com/api',
      smsToken: 'new-token-4321',
    });
  });

  it('lets the Admin clear the stored token; then an address can be set without one', async () => {
    await put({ smsGatewayUrl: 'https://sms.example.com/api', smsToken: SECRET });
    const cleared = await put({ clearSmsToken: true });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ smsTokenSet: false, smsToken: '' });
    expect((await getSettings(ctx.db)).smsToken).toBe('');
    expect((await put({ smsGatewayUrl: 'https://other.example/api' })).status).toBe(200);
    expect(await getSettings(ctx.db)).toMatchObject({ smsGatewayUrl: 'https://other.example/api', smsToken: '' });
  });

  it('never sends the stored token to an address an Admin session changed without typing it', async () => {
    const office = await startStubGateway();
    const attacker = await startStubGateway();
    try {
      expect((await put({ smsGatewayUrl: office.url, smsToken: office.token })).status).toBe(200);
      expect((await put({ smsGatewayUrl: attacker.url })).status).toBe(400);
      await enqueueSms(ctx.db, { to: '01712345678', body: 'পরীক্ষা', kind: 'test' });
      await drainOnce(ctx.deps);
      expect(office.received).toHaveLength(1);
      expect(attacker.requests).toBe(0);
    } finally {
      await office.close();
      await attacker.close();
    }
  });
});

describe('union and post-office lists', () => {
  it('adds, renames and deletes entries; visitors see them sorted by name', async () => {
    const add = (kind: string, name: string) =>
      ctx.request('/api/admin/localities', { method: 'POST', json: { kind, name }, agent: admin });
    const b = (await (await add('union', 'মাটিকাটা')).json()) as Locality;
    await add('union', 'গোগ্রাম');
    await add('post', 'কাঁকনহাট');
    const dup = await add('union', 'মাটিকাটা');
    expect(dup.status).toBe(400);
    expect(((await dup.json()) as ProblemBody).error.fields?.name).toMatch(/আছে/);
    expect((await add('union', '  ')).status).toBe(400);

    let list = (await (await ctx.request('/api/public/localities')).json()) as {
      unions: Locality[];
      posts: Locality[];
    };
    expect(list.unions.map((u) => u.name)).toEqual(['গোগ্রাম', 'মাটিকাটা']);
    expect(list.posts.map((p) => p.name)).toEqual(['কাঁকনহাট']);

    const renamed = await ctx.request(`/api/admin/localities/${b.id}`, {
      method: 'PUT',
      json: { kind: 'union', name: 'আউচপাড়া' },
      agent: admin,
    });
    expect(renamed.status).toBe(200);
    const clash = await ctx.request(`/api/admin/localities/${b.id}`, {
      method: 'PUT',
      json: { kind: 'union', name: 'গোগ্রাম' },
      agent: admin,
    });
    expect(clash.status).toBe(400);
    list = (await (await ctx.request('/api/public/localities')).json()) as { unions: Locality[]; posts: Locality[] };
    expect(list.unions.map((u) => u.name)).toEqual(['আউচপাড়া', 'গোগ্রাম']);

    expect((await ctx.request(`/api/admin/localities/${b.id}`, { method: 'DELETE', agent: admin })).status).toBe(204);
    expect((await ctx.request(`/api/admin/localities/${b.id}`, { method: 'DELETE', agent: admin })).status).toBe(404);
    list = (await (await ctx.request('/api/public/localities')).json()) as { unions: Locality[]; posts: Locality[] };
    expect(list.unions.map((u) => u.name)).toEqual(['গোগ্রাম']);
  });
});
