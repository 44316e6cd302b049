import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { ContactPage, StaffRole } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { problemOf } from '../applications/intake-fixtures.js';

let ctx: TestContext;
let admin: StaffAgent;

beforeAll(async () => {
  // Each test writes from its own address (X-Forwarded-For), so one test's hits never limit another's.
  ctx = await createTestContext({ trustProxyHops: 1 });
  admin = await signInAs(ctx, 'Admin');
});
afterAll(async () => {
  await ctx?.close();
});

/** Like a spreadsheet: a line break ends a row unless it is inside quotes (then it stays in its cell). */
const SPREADSHEET = { bom: true, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true };

/** The export read back the way a spreadsheet reads it: header row → objects. */
function parseCsv(text: string): Record<string, string>[] {
  return parse(text, { ...SPREADSHEET, columns: true }) as Record<string, string>[];
}

async function exportCsv(): Promise<{ res: Response; bytes: Uint8Array; text: string }> {
  const res = await ctx.request('/api/admin/contacts/export.csv', { agent: admin });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
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
    const { res, bytes, text: csv } = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="contact_data_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.slice(1).startsWith('"name","phone","msg","date"\r\n')).toBe(true);
    const rows = parseCsv(csv);
    const rahima = rows.find((r) => r.name === 'রহিমা বেগম')!;
    expect(rahima.msg).toBe(text);
    expect(rahima.phone).toBe('01822222222');
    // A cell the public wrote never becomes a formula in Excel.
    const formula = rows.find((r) => r.phone === '01822222223')!;
    expect(formula.name).toBe(`'=HYPERLINK("x")`);
    expect(formula.msg).toBe("'+1");
  });

  it('keeps a name with a line feed in ONE row and its formula line behind an apostrophe (issue 7)', async () => {
    // One payload with double quotes (csv-stringify quoted those before) and one without (it did not).
    await send({ name: 'x\n=HYPERLINK("http://evil")', phone: '01822222224', message: '@SUM(1)' });
    await send({ name: 'y\n=1+2', phone: '01822222225', message: 'z\n-3+4' });
    const { text } = await exportCsv();
    const rows = parseCsv(text);
    const first = rows.filter((r) => r.phone === '01822222224');
    expect(first).toHaveLength(1);
    expect(first[0]!.name).toBe('x\n\'=HYPERLINK("http://evil")');
    expect(first[0]!.msg).toBe("'@SUM(1)");
    const second = rows.filter((r) => r.phone === '01822222225');
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ name: "y\n'=1+2", msg: "z\n'-3+4" });
    // Every record (the header included) has exactly the four columns: no cell spilled into a new row.
    for (const record of parse(text, SPREADSHEET) as string[][]) expect(record).toHaveLength(4);
    for (const line of text.split(/\r?\n/)) expect(line).not.toMatch(/^[=+\-@]/);
  });

  it('exports every message, however many, in the order of the list (newest first)', async () => {
    const at = new Date('2026-01-01T00:00:00.123456Z');
    const many = Array.from({ length: 1201 }, (_, i) => ({
      name: `বাল্ক ${i}`,
      phone: '01900000000',
      message: 'একই সময়ে',
      created_at: at,
    }));
    await ctx.db.insertInto('contact_messages').values(many).execute();
    const rows = parseCsv((await exportCsv()).text).filter((r) => r.phone === '01900000000');
    expect(rows).toHaveLength(1201);
    expect(new Set(rows.map((r) => r.name)).size).toBe(1201);
    expect(rows[0]!.name).toBe('বাল্ক 1200');
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
