import { sql, type Kysely } from 'kysely';

/**
 * What a person does on the national address is audited too (docs/decisions/057-offices.md,
 * step 4): a password change, a name, a reset by the national administrator or a viewer, who
 * belong to no office there. Such a row has no office (`office_id` NULL), which only a transaction
 * with no office of its own may write. No office reads it: the policy's reading side is unchanged,
 * so an office's audit page never shows it; the national screens will.
 */
const OFFICE_SET = `string_to_array(nullif(current_setting('app.office_ids', true), ''), ',')::int[]`;
const NO_OFFICE = `nullif(current_setting('app.office_id', true), '') IS NULL`;

export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`ALTER TABLE audit_log ALTER COLUMN office_id DROP NOT NULL`);
  await run(`DROP POLICY office_wall ON audit_log`);
  await run(
    `CREATE POLICY office_wall ON audit_log USING (office_id = ANY (${OFFICE_SET}))
      WITH CHECK (office_id = ANY (${OFFICE_SET}) OR (office_id IS NULL AND ${NO_OFFICE}))`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`DELETE FROM audit_log WHERE office_id IS NULL`);
  await run(`DROP POLICY office_wall ON audit_log`);
  await run(
    `CREATE POLICY office_wall ON audit_log USING (office_id = ANY (${OFFICE_SET})) WITH CHECK (office_id = ANY (${OFFICE_SET}))`,
  );
  await run(`ALTER TABLE audit_log ALTER COLUMN office_id SET NOT NULL`);
}
