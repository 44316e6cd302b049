import { sql, type Kysely } from 'kysely';

/**
 * The office set of every policy read once a statement, not once a row
 * (docs/decisions/057-offices.md, step 4). In `office_id = ANY (string_to_array(current_setting(…)))`
 * the set is an expression: where the planner searches an index with it, it is computed once, but
 * where it becomes a filter on a scan it is parsed again for every row. A national reader's scope of
 * 494 offices is a 2 KB list: one count over 494,000 applications took 12.9 s scanned that way.
 * As a scalar subquery the set is computed once (an InitPlan) whatever the plan: 0.62 s scanned.
 */
const POLICY_SET = `string_to_array(nullif(current_setting('app.office_ids', true), ''), ',')::int[]`;
// Cast again: `= ANY (subquery)` would compare with each row of the subquery, not each element.
const ONCE = `(SELECT ${POLICY_SET})::int[]`;
const NO_OFFICE = `nullif(current_setting('app.office_id', true), '') IS NULL`;

async function officeTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    SELECT tablename AS table FROM pg_policies
    WHERE schemaname = 'public' AND policyname = 'office_wall' ORDER BY 1`.execute(db);
  return rows.map((r) => r.table);
}

async function rewrite(db: Kysely<any>, set: string): Promise<void> {
  for (const table of await officeTables(db)) {
    // What a person does on the national address is audited with no office (migration 20261128-07).
    const check =
      table === 'audit_log'
        ? `office_id = ANY (${set}) OR (office_id IS NULL AND ${NO_OFFICE})`
        : `office_id = ANY (${set})`;
    await sql.raw(`DROP POLICY office_wall ON ${table}`).execute(db);
    await sql
      .raw(`CREATE POLICY office_wall ON ${table} USING (office_id = ANY (${set})) WITH CHECK (${check})`)
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rewrite(db, ONCE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewrite(db, POLICY_SET);
}
