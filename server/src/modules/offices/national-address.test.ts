import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { officesChanged } from './offices.repository.js';

/**
 * The national address (docs/decisions/057-offices.md, step 3): with several offices open, a host
 * no office claims lists them, keeps the path on each office's link, and serves no office's API.
 * Two upazilas named Shibganj (Chapainawabganj and Bogura) make the district matter.
 */
let ctx: TestContext;
const page = async (url: string) => {
  const res = await ctx.request(url);
  return { res, text: await res.text() };
};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.baseDb
    .updateTable('offices')
    .set({ upazila_id: 159, name_bn: 'শিবগঞ্জ', name_en: 'Shibganj', code: 'u159', host: 'shibganj.localhost' })
    .where('id', '=', 1)
    .execute();
  await ctx.baseDb
    .insertInto('offices')
    .values([
      {
        id: 2,
        upazila_id: 133,
        name_bn: 'শিবগঞ্জ',
        name_en: 'Shibganj',
        code: 'u133',
        host: 'shibganj-bogura.localhost',
      },
      { id: 3, upazila_id: 132, name_bn: 'শেরপুর', name_en: 'Sherpur', code: 'u132', host: null },
    ])
    .execute();
  officesChanged(ctx.baseDb);
});
afterAll(() => ctx.close());

describe('the national address', () => {
  it('lists every open office under its district, each linked to the same path on its own address', async () => {
    const { res, text } = await page('http://portal.localhost:3000/new-application');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(text).toContain('<html lang="bn">');
    expect(text).toContain('উপজেলা অফিস বেছে নিন');
    expect(text).toContain('৩টি অফিস');
    // The national administrator and the area viewers sign in here.
    expect(text).toContain('<a href="/login">কর্মকর্তাদের প্রবেশ');
    expect(text).toContain('<h2>চাঁপাইনবাবগঞ্জ</h2>');
    expect(text).toContain('<h2>বগুড়া</h2>');
    expect(text).toContain('href="http://shibganj.localhost:3000/new-application"');
    expect(text).toContain('href="http://shibganj-bogura.localhost:3000/new-application"');
    // An office with no address yet is listed, and says so, with no link.
    expect(text).toMatch(/শেরপুর <span lang="en">Sherpur<\/span> <em>ওয়েব ঠিকানা এখনো দেওয়া হয়নি<\/em>/);
  });

  it('finds offices by an upazila or district name in Bangla or English, and by district', async () => {
    const bogura = await page('http://portal.localhost:3000/?q=%E0%A6%AC%E0%A6%97%E0%A7%81%E0%A6%A1%E0%A6%BC%E0%A6%BE');
    expect(bogura.text).toContain('২টি অফিস');
    expect(bogura.text).not.toContain('shibganj.localhost');
    const english = await page('http://portal.localhost:3000/?q=SHERPUR');
    expect(english.text).toContain('১টি অফিস');
    expect(english.text).toContain('শেরপুর');
    const district = await page('http://portal.localhost:3000/?district=18');
    expect(district.text).toContain('১টি অফিস');
    expect(district.text).toContain('href="http://shibganj.localhost:3000/"');
    expect(district.text).toMatch(/<option value="18" selected>/);
    const none = await page('http://portal.localhost:3000/?q=xyz');
    expect(none.text).toContain('এই নামে কোনো অফিস পাওয়া যায়নি');
  });

  it('speaks English when asked, and escapes what it repeats', async () => {
    const { text } = await page('http://portal.localhost:3000/?lang=en&q=%3Cscript%3E');
    expect(text).toContain('<html lang="en">');
    expect(text).toContain('Choose your upazila office');
    expect(text).toContain('value="&lt;script&gt;"');
    expect(text).not.toContain('<script>"');
  });

  it('allows its one inline script by its hash, and no other', async () => {
    const { res, text } = await page('http://portal.localhost:3000/licence-check');
    const script = /<script>([\s\S]*?)<\/script>/.exec(text)![1]!;
    const hash = `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(hash);
    expect(/script-src ([^;]*)/.exec(csp)![1]).toBe(hash);
    expect(text).toContain('যে উপজেলা অফিস লাইসেন্সটি দিয়েছে সেটি বেছে নিন');
  });

  it("refuses an office's API with a Bangla reason, and answers the list of offices as data", async () => {
    const localities = await ctx.request('http://portal.localhost:3000/api/public/localities');
    expect(localities.status).toBe(404);
    const body = (await localities.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('OFFICE_NOT_CHOSEN');
    expect(body.error.message).toContain('অফিসের তালিকা থেকে');

    const list = await ctx.request('http://portal.localhost:3000/api/public/offices');
    expect(list.status).toBe(200);
    const { offices } = (await list.json()) as {
      offices: { code: string; nameBn: string; district: { nameEn: string } | null; url: string | null }[];
    };
    expect(offices.map((o) => [o.code, o.district?.nameEn, o.url])).toEqual([
      ['u159', 'Chapainawabganj', 'http://shibganj.localhost:3000/'],
      ['u133', 'Bogura', 'http://shibganj-bogura.localhost:3000/'],
      ['u132', 'Bogura', null],
    ]);
  });

  it('offers no service worker, so the app never stands in for the list, and serves the staff sign-in', async () => {
    expect((await ctx.request('http://portal.localhost:3000/sw.js')).status).toBe(404);
    const login = await page('http://portal.localhost:3000/login');
    expect(login.text).not.toContain('উপজেলা অফিস বেছে নিন');
    // The sign-in there offers no new account: accounts are made for an office.
    const settings = await ctx.request('http://portal.localhost:3000/api/public/settings');
    expect(((await settings.json()) as { national: boolean }).national).toBe(true);
  });

  it("answers each office's own address with that office, not the list", async () => {
    const own = await ctx.request('http://shibganj-bogura.localhost:3000/api/public/settings');
    expect(own.status).toBe(200);
    expect(((await own.json()) as { national: boolean }).national).toBe(false);
    const home = await page('http://shibganj.localhost:3000/new-application');
    expect(home.text).not.toContain('উপজেলা অফিস বেছে নিন');
  });

  it('is no more once one office is left open: that office answers every host name', async () => {
    await ctx.baseDb.updateTable('offices').set({ closed_at: new Date() }).where('id', 'in', [2, 3]).execute();
    officesChanged(ctx.baseDb);
    try {
      expect((await ctx.request('http://portal.localhost:3000/api/public/settings')).status).toBe(200);
    } finally {
      await ctx.baseDb.updateTable('offices').set({ closed_at: null }).where('id', 'in', [2, 3]).execute();
      officesChanged(ctx.baseDb);
    }
  });
});
