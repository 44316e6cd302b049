import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, todayInDhaka, type PublicLicencePage } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs } from '../../test/roles.js';
import { insertApplication } from '../requests/request-fixtures.js';
import { issueLicence } from '../dashboard/dashboard-fixtures.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('the public list of issued licences (/dataTable)', () => {
  it('shows number, holder, union, mouza and validity of approved licences, never a mobile number', async () => {
    const today = todayInDhaka(ctx.clock.now);
    await issueLicence(
      ctx,
      { applicantName: 'জব্বার মিয়া', mobile: '01755555555', union: 'বিনোদপুর', mouza: 'চককীর্তি' },
      addYears(today, -1),
      addYears(today, 2),
    );
    await issueLicence(
      ctx,
      { applicantName: 'সালমা', mobile: '01766666666' },
      addYears(today, -4),
      addYears(today, -1),
    );
    await insertApplication(ctx, { applicantName: 'অনুমোদন হয়নি', stage: 'StepThree' });

    const res = await ctx.request('/api/public/licences');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/017\d{8}/);
    expect(text).not.toMatch(/mobile|files|fileId/i);
    const page = JSON.parse(text) as PublicLicencePage;
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.name)).not.toContain('অনুমোদন হয়নি');
    const jabbar = page.rows.find((r) => r.name === 'জব্বার মিয়া')!;
    expect(jabbar).toMatchObject({ union: 'বিনোদপুর', mouza: 'চককীর্তি', validTo: addYears(today, 2), expired: false });
    expect(page.rows.find((r) => r.name === 'সালমা')!.expired).toBe(true);
    expect(Object.keys(jabbar).sort()).toEqual([
      'expired',
      'licenceNumber',
      'mouza',
      'name',
      'union',
      'validFrom',
      'validTo',
    ]);
  });

  it('searches and pages on the server, also with Bangla digits', async () => {
    const today = todayInDhaka(ctx.clock.now);
    for (let i = 0; i < 6; i++)
      await issueLicence(ctx, { applicantName: `পাতা ${i}`, mouza: 'পাতাপুর' }, today, addYears(today, 3));
    const first = (await (
      await ctx.request('/api/public/licences?q=' + encodeURIComponent('পাতাপুর') + '&pageSize=5&sort=name&dir=asc')
    ).json()) as PublicLicencePage;
    expect(first.total).toBe(6);
    expect(first.rows).toHaveLength(5);
    const second = (await (
      await ctx.request(
        '/api/public/licences?q=' + encodeURIComponent('পাতাপুর') + '&pageSize=5&page=2&sort=name&dir=asc',
      )
    ).json()) as PublicLicencePage;
    expect(second.rows.map((r) => r.name)).toEqual(['পাতা 5']);
    const n = first.rows[0]!.licenceNumber;
    const bangla = String(n).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
    const byNumber = (await (
      await ctx.request('/api/public/licences?q=' + encodeURIComponent(bangla))
    ).json()) as PublicLicencePage;
    expect(byNumber.rows.some((r) => r.licenceNumber === n)).toBe(true);
  });

  it('is open to anyone, signed in or not', async () => {
    for (const role of ['Admin', 'Chairman', 'UNO', 'BADC', 'Pollibidut', null] as const) {
      const agent = await signInAs(ctx, role);
      expect((await ctx.request('/api/public/licences', { agent })).status).toBe(200);
    }
    expect((await ctx.request('/api/public/licences?pageSize=7')).status).toBe(400);
  });
});
