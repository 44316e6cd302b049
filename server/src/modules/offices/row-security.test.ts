import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.js';
import { OFFICE_TABLES } from '../../platform/db/office-filter.js';
import { APP_ROLE, officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { insertApplication } from '../requests/request-fixtures.js';

/**
 * The wall between offices (docs/decisions/057-offices.md), checked on the schema the migrations
 * leave: every table is either an office's, with row-level security FORCEd and its policy, or on
 * the short national list below; the server's role owns nothing and bypasses nothing; and a query
 * with no office set sees no office's rows. A new table fails here until it is placed.
 */
const NATIONAL_TABLES = [
  'divisions',
  'districts',
  'upazilas',
  'offices',
  'staff_users',
  'staff_roles',
  'area_roles',
  // Office ids and numbers of moved licences: the old office's papers must find them (offices/boundary-move.ts).
  'licence_moves',
  'staff_sessions',
  'password_resets',
  'rate_limit_hits',
  'staff_devices',
  'kysely_migration',
  'kysely_migration_lock',
];

let ctx: TestContext;
let officeTables: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  // A second office, and a row of office 1 in the busiest tables (application, files, audit, messages).
  await ctx.baseDb
    .insertInto('offices')
    .values({ id: 2, name_bn: 'দ্বিতীয়', name_en: 'Second', code: 'second' })
    .execute();
  await insertApplication(ctx);
  officeTables = (
    await sql<{ table: string }>`
      SELECT c.relname AS table FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attname = 'office_id'
      ORDER BY 1`.execute(ctx.baseDb)
  ).rows
    .map((r) => r.table)
    // staff_roles names an office per row but is national on purpose (features/auth/staff-roles.ts).
    .filter((t) => !NATIONAL_TABLES.includes(t));
});
afterAll(() => ctx.close());

const count = async (db: Database, table: string) =>
  Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);

describe('row-level security on every office table', () => {
  it('places every table: an office table, or one of the national ones', async () => {
    const all = (
      await sql<{ table: string }>`SELECT tablename AS table FROM pg_tables WHERE schemaname = 'public'`.execute(
        ctx.baseDb,
      )
    ).rows.map((r) => r.table);
    const unplaced = all.filter((t) => !officeTables.includes(t) && !NATIONAL_TABLES.includes(t));
    expect(unplaced, 'tables with neither office_id nor a place on the national list').toEqual([]);
    expect(officeTables.length).toBeGreaterThanOrEqual(27);
    // The query builder's own office filter knows the same tables (db/office-filter.ts).
    expect([...OFFICE_TABLES].sort()).toEqual(officeTables);
  });

  it('has row-level security enabled and FORCEd, and a policy keyed by the office set, on each', async () => {
    const rows = (
      await sql<{ table: string; enabled: boolean; forced: boolean; using: string | null; check: string | null }>`
        SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
               p.qual AS using, p.with_check AS check
        FROM pg_class c LEFT JOIN pg_policies p ON p.schemaname = 'public' AND p.tablename = c.relname
        WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY(${officeTables})`.execute(ctx.baseDb)
    ).rows;
    const wrong = officeTables.filter((t) => {
      const policies = rows.filter((r) => r.table === t);
      return !(
        policies.length === 1 &&
        policies[0]!.enabled &&
        policies[0]!.forced &&
        policies[0]!.using?.includes("current_setting('app.office_ids'") &&
        policies[0]!.check?.includes("current_setting('app.office_ids'")
      );
    });
    expect(wrong, 'office tables without a FORCEd wall').toEqual([]);
  });

  it("runs the server's queries as a role that owns nothing and bypasses nothing", async () => {
    const role = (
      await sql<{ super: boolean; bypass: boolean; owns: number }>`
        SELECT rolsuper AS super, rolbypassrls AS bypass,
               (SELECT count(*) FROM pg_class WHERE relowner = r.oid) AS owns
        FROM pg_roles r WHERE rolname = ${APP_ROLE}`.execute(ctx.baseDb)
    ).rows[0];
    expect(role).toEqual({ super: false, bypass: false, owns: 0 });
    const who = await sql<{ user: string }>`SELECT current_user AS user`.execute(ctx.db);
    expect(who.rows[0]!.user).toBe(APP_ROLE);
  });

  it('shows no office rows to a query with no office set, nor to another office', async () => {
    expect(await count(ctx.db, 'applications')).toBeGreaterThan(0);
    expect(await count(ctx.db, 'site_settings')).toBe(1);
    const none = scopedDatabase(ctx.baseDb, { officeIds: [], officeId: null });
    const second = scopedDatabase(ctx.baseDb, officeScope(2));
    // The role alone, with no office setting at all (a query that skipped the scoped transaction).
    const bare = await ctx.baseDb.transaction().execute(async (trx) => {
      await sql`SELECT set_config('role', ${APP_ROLE}, true)`.execute(trx);
      const seen: Record<string, number> = {};
      for (const t of officeTables) seen[t] = await count(trx, t);
      return seen;
    });
    for (const t of officeTables) {
      expect(await count(none, t), `${t} with an empty office set`).toBe(0);
      expect(await count(second, t), `${t} seen from office 2`).toBe(0);
      expect(bare[t], `${t} with no office setting`).toBe(0);
    }
  });

  it('refuses to write a row into another office, or to move one there', async () => {
    await expect(
      ctx.db
        .insertInto('notices')
        .values({
          office_id: 2,
          id: crypto.randomUUID(),
          title: 'x',
          description_html: '',
          blob_id: null,
          published_at: new Date(),
          created_by: null,
        })
        .execute(),
    ).rejects.toThrow(/row-level security/);
    const moved = ctx.db.updateTable('applications').set({ office_id: 2 }).execute();
    await expect(moved).rejects.toThrow(/row-level security/);
    // A write inside the office gets the office without naming it.
    await ctx.db.insertInto('localities').values({ kind: 'union', name: 'পরীক্ষা', created_at: new Date() }).execute();
    const row = await ctx.baseDb
      .selectFrom('localities')
      .select('office_id')
      .where('name', '=', 'পরীক্ষা')
      .executeTakeFirstOrThrow();
    expect(row.office_id).toBe(1);
  });

  it('leaves nothing of a scoped transaction on the connection for the next query', async () => {
    await count(ctx.db, 'applications');
    await ctx.db.transaction().execute((trx) => count(trx, 'applications'));
    const after = await sql<{ user: string; offices: string | null }>`
      SELECT current_user AS user, nullif(current_setting('app.office_ids', true), '') AS offices`.execute(ctx.baseDb);
    expect(after.rows[0]!.user).not.toBe(APP_ROLE);
    expect(after.rows[0]!.offices).toBeNull();
  });

  it('has no view that runs as its owner and no function that runs as its definer', async () => {
    const definers = await sql<{ name: string }>`
      SELECT proname AS name FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND prosecdef`.execute(
      ctx.baseDb,
    );
    expect(definers.rows).toEqual([]);
    const views = await sql<{ name: string }>`
      SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('v', 'm')
        AND NOT coalesce(reloptions @> ARRAY['security_invoker=true'], false)`.execute(ctx.baseDb);
    expect(views.rows).toEqual([]);
  });
});
