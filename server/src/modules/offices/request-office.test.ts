import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { Office } from './offices.repository.js';
import { officesChanged } from './offices.repository.js';
import { officeOf } from './request-office.js';

const office = (id: number, host: string | null, open = true): Office => ({
  id,
  code: `o${id}`,
  nameBn: `অফিস ${id}`,
  nameEn: `Office ${id}`,
  host,
  upazilaId: null,
  district: null,
  division: null,
  open,
});

describe('the office a request is for', () => {
  const offices = [
    office(1, 'shibganj.chapainawabganj.gov.bd'),
    office(2, 'second.localhost'),
    office(3, 'closed.localhost', false),
  ];

  it('is the open office whose address is the host name, whatever the case, port or final dot', () => {
    expect(officeOf(offices, 'second.localhost:3000')?.id).toBe(2);
    expect(officeOf(offices, 'SHIBGANJ.Chapainawabganj.gov.bd.')?.id).toBe(1);
  });

  it('is no office for a host no open office claims while several are open (the national address)', () => {
    expect(officeOf(offices, 'localhost:3000')).toBeNull();
    expect(officeOf(offices, 'closed.localhost')).toBeNull();
  });

  it('is the one open office for any host name (one office needs no set-up)', () => {
    expect(officeOf([office(1, null)], '127.0.0.1:8080')?.id).toBe(1);
    expect(officeOf([office(1, 'a.localhost'), office(2, 'b.localhost', false)], 'b.localhost')?.id).toBe(1);
    expect(officeOf([], 'localhost')).toBeNull();
  });
});

describe("each office's site at its own address", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.baseDb
      .insertInto('offices')
      .values({ id: 2, name_bn: 'দ্বিতীয়', name_en: 'Second', code: 'second', host: 'second.localhost' })
      .execute();
    await ctx.baseDb
      .insertInto('site_settings')
      .values({
        office_id: 2,
        id: 1,
        data: JSON.stringify({ address: 'দ্বিতীয় উপজেলা' }),
        updated_at: new Date(),
        updated_by: null,
      })
      .execute();
    officesChanged(ctx.baseDb);
  });
  afterAll(() => ctx.close());

  it("answers each host with its own office's settings", async () => {
    const at = async (host: string) =>
      ((await (await ctx.request(`http://${host}/api/public/settings`)).json()) as { address: string }).address;
    expect(await at('second.localhost:3000')).toBe('দ্বিতীয় উপজেলা');
    const first = await at('localhost:3000');
    expect(first).toBeTypeOf('string');
    expect(first).not.toBe('দ্বিতীয় উপজেলা');
  });
});
