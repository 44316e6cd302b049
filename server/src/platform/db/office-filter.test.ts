import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { officeScope, scopedDatabase } from './office-scope.js';

/** The explicit office filter the query builder adds in a one-office scope (./office-filter.ts). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the office filter of a one-office scope', () => {
  it('names the office for each office table of a query: its FROM, its joins, and what it changes', () => {
    const db = scopedDatabase(ctx.baseDb, officeScope(7));
    const select = db
      .selectFrom('applications as a')
      .leftJoin('licences as l', 'l.application_id', 'a.id')
      .innerJoin('staff_users as u', 'u.id', 'a.deleted_by')
      .select(['a.id', 'l.licence_number', 'u.email'])
      .compile().sql;
    expect(select).toContain('left join "licences" as "l" on "l"."application_id" = "a"."id" and "l"."office_id" = 7');
    expect(select).toContain('where "a"."office_id" = 7');
    expect(select).not.toContain('"u"."office_id"');
    expect(db.updateTable('notices').set({ title: 'x' }).where('id', '=', 'n').compile().sql).toContain(
      '"notices"."office_id" = 7',
    );
    expect(db.deleteFrom('blobs').where('id', '=', 'b').compile().sql).toContain('"blobs"."office_id" = 7');
    // A subquery is filtered too; a national table is not.
    const nested = db
      .selectFrom('staff_users')
      .where('id', 'in', db.selectFrom('audit_log').select('actor_user_id'))
      .selectAll()
      .compile().sql;
    expect(nested).toContain('"audit_log"."office_id" = 7');
    expect(nested).not.toContain('"staff_users"."office_id"');
  });

  it('is not added where the scope spans offices (a job, a viewer): the policy alone holds there', () => {
    const db = scopedDatabase(ctx.baseDb, { officeIds: [1, 2], officeId: null });
    expect(db.selectFrom('applications').select('id').compile().sql).not.toContain('office_id');
  });
});
