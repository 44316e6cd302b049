import { registerQuerySchema } from '@portal/shared/schemas/register';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { officesChanged } from '../offices/offices.repository.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { registerApplication } from './register-fixtures.js';
import { listRegister } from './register.repository.js';

/**
 * The register's search in one office of a deployment of several, which reads the office-led
 * trigram indexes through a subquery of ids (register.repository.ts, searchedIds;
 * docs/decisions/057-offices.md): the same answers as the plain search, and only the office's own.
 */
describe('the register search on a deployment of several offices', () => {
  let ctx: TestContext;
  const day = new Date('2026-11-20T06:00:00Z'); // midday of 20 November in Dhaka
  const mobile = '01811000077';
  const ids: Record<string, string> = {};

  const search = async (db: TestContext['db'], q: string) => {
    const page = await listRegister(db, 'new', registerQuerySchema.parse({ q }), { countDeleted: false });
    return { names: page.rows.map((r) => r.applicantName).sort(), total: page.total, counters: page.counters };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.baseDb
      .insertInto('offices')
      .values({ id: 2, name_bn: 'দ্বিতীয়', name_en: 'Second', code: 'second', host: 'second.localhost' })
      .execute();
    officesChanged(ctx.baseDb);
    const second = { ...ctx, db: scopedDatabase(ctx.baseDb, officeScope(2)) };
    const seed = { mobile, fatherName: 'জব্বার মিয়া', submittedAt: day, stage: 'Pending' as const };
    ids.own = (await registerApplication(ctx, { ...seed, applicantName: 'নিজের অফিস' })).id;
    ids.sameDay = (await registerApplication(ctx, { applicantName: 'একই দিনের', submittedAt: day })).id;
    ids.other = (await registerApplication(second, { ...seed, applicantName: 'অন্য অফিস' })).id;
  });
  afterAll(() => ctx.close());

  it('finds a mobile typed in Bangla digits, and the father’s name, in the office’s own rows only', async () => {
    for (const q of ['০১৮১১০০০০৭৭', mobile, '1100007', 'জব্বার']) {
      const found = await search(ctx.db, q);
      expect(found.names, q).toEqual(['নিজের অফিস']);
      expect(found.total, q).toBe(1);
      expect(found.counters.byStage.Pending, q).toBe(1);
    }
    expect((await search(scopedDatabase(ctx.baseDb, officeScope(2)), '০১৮১১০০০০৭৭')).names).toEqual(['অন্য অফিস']);
  });

  it('still finds a typed date, and nothing for a pattern of its own escape characters', async () => {
    expect((await search(ctx.db, '20-11-2026')).names).toEqual(['একই দিনের', 'নিজের অফিস']);
    expect((await search(ctx.db, '%')).total).toBe(0);
  });

  it('answers a scope of both offices (an area’s reader) with both, through the plain search', async () => {
    const area = scopedDatabase(ctx.baseDb, { officeIds: [1, 2], officeId: null });
    expect((await search(area, '০১৮১১০০০০৭৭')).names).toEqual(['অন্য অফিস', 'নিজের অফিস']);
  });
});
