import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactPage, StaffRole } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { problemOf } from '../applications/intake-fixtures.js';

let ctx: TestContext;
let admin: StaffAgent;

beforeAll(async () => {
  // Each test writes from its own address (X-Forwarded-For), so one test's hits never limit another's.
  process.env.TRUST_PROXY = '1';
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
});
afterAll(async () => {
  delete process.env.TRUST_PROXY;
  await ctx?.close();
});

/** RFC 4180 as Excel reads it (quoted cells may hold commas, quotes doubled, line breaks); header row → objects. */
function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      records.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    records.push(row);
  }
  const [header, ...rest] = records;
  return rest.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

let address = 0;
function send(json: unknown, ip = `10.0.0.${++address}`) {
  return ctx.request('/api/public/contact', { method: 'POST', json, headers: { 'x-forwarded-for': ip } });
}

describe('the contact form (spec 1 §2, §5, §8)', () => {
  it('stores a message and the Admin lists it, searched and paged by the server', async () => {
    const res = await send({ name: 'করিম', phone: '০১৭১১১১১১১১', message: 'নলকূপের লাইসেন্স কবে পাব?' });
    expect(res.status).toBe(201);
    const page = (await (
      await ctx.request('/api/admin/contacts?q=' + encodeURIComponent('লাইসেন্স'), { agent: admin })
    ).json()) as ContactPage;
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ name: 'করিম', phone: '01711111111', message: 'নলকূপের লাইসেন্স কবে পাব?' });
  });

  it('requires name, phone and message, with Bangla messages', async () => {
    const res = await send({ name: ' ', phone: '', message: '' });
    expect(res.status).toBe(400);
    const fields = (await problemOf(res)).fields!;
    expect(fields.name).toBe('এই ঘরটি পূরণ করা আবশ্যক।');
    expect(fields.phone).toBe('এই ঘরটি পূরণ করা আবশ্যক।');
    expect(fields.message).toBe('এই ঘরটি পূরণ করা আবশ্যক।');
  });

  it('limits how many messages one address may send in an hour', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++)
      expect((await send({ name: 'ক', phone: '01711111111', message: `বার্তা ${i}` }, ip)).status).toBe(201);
    const sixth = await send({ name: 'ক', phone: '01711111111', message: 'আরও' }, ip);
    expect(sixth.status).toBe(429);
    expect((await problemOf(sixth)).message).toMatch(/কিছুক্ষণ পরে/);
    expect((await send({ name: 'খ', phone: '01711111111', message: 'অন্য ঠিকানা' }, '192.0.2.78')).status).toBe(201);
    ctx.clock.advance(61 * 60 * 1000);
    expect((await send({ name: 'ক', phone: '01711111111', message: 'এক ঘণ্টা পরে' }, ip)).status).toBe(201);
  });

  it('exports a CSV that Excel opens with Bangla intact: UTF-8 BOM, CRLF, legacy column names', async () => {
    const text = 'পাম্প চলছে না, "জরুরি"\nদ্বিতীয় লাইন';
    await send({ name: 'রহিমা বেগম', phone: '01822222222', message: text });
    await send({ name: '=HYPERLINK("x")', phone: '01822222223', message: '+1' });
    const res = await ctx.request('/api/admin/contacts/export.csv', { agent: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="contact_data_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    expect(csv.startsWith('name,phone,msg,date\r\n')).toBe(true);
    const rows = parseCsv(csv);
    const rahima = rows.find((r) => r.name === 'রহিমা বেগম')!;
    expect(rahima.msg).toBe(text);
    expect(rahima.phone).toBe('01822222222');
    // A cell the public wrote never becomes a formula in Excel.
    const formula = rows.find((r) => r.phone === '01822222223')!;
    expect(formula.name).toBe(`'=HYPERLINK("x")`);
    expect(formula.msg).toBe("'+1");
  });

  it('deletes one message; a second delete is 404', async () => {
    await send({ name: 'মুছে ফেলুন', phone: '01733333333', message: 'পরীক্ষা' });
    const page = (await (
      await ctx.request('/api/admin/contacts?q=' + encodeURIComponent('মুছে ফেলুন'), { agent: admin })
    ).json()) as ContactPage;
    const id = page.rows[0]!.id;
    expect((await ctx.request(`/api/admin/contacts/${id}`, { method: 'DELETE', agent: admin })).status).toBe(204);
    expect((await ctx.request(`/api/admin/contacts/${id}`, { method: 'DELETE', agent: admin })).status).toBe(404);
  });

  it('lets only the Admin read, export or delete', async () => {
    const roles: (StaffRole | null)[] = ['Chairman', 'UNO', 'BADC', 'Pollibidut', null];
    const agents = await Promise.all(roles.map((r) => signInAs(ctx, r)));
    for (const [method, path] of [
      ['GET', '/api/admin/contacts'],
      ['GET', '/api/admin/contacts/export.csv'],
      ['DELETE', '/api/admin/contacts/1'],
    ] as const) {
      expect((await ctx.request(path, { method })).status, `${method} ${path} anonymous`).toBe(401);
      for (const agent of agents)
        expect((await ctx.request(path, { method, agent })).status, `${path} as ${agent.role}`).toBe(403);
    }
  });
});
