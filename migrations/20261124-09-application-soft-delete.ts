import { sql, type Kysely } from 'kysely';

/**
 * The office's register (docs/decisions/037-register-lists-and-exports.md): an application is deleted
 * softly, with who, when and why, so the Admin can restore it for 30 days and its number is never
 * given again (the sequence is untouched). Every read of applications leaves deleted ones out
 * (`isLive` in server/src/modules/applications/applications.repository.ts).
 *
 * The indexes serve the register's lists and exports: the newest complete, live applications in
 * the order the lists show them and the export reads them in keyset batches (submitted_at, then the
 * number as the tie-breaker); the few deleted rows newest first; and the father's name, which the
 * register searches and the officers' trigram index (20261121-03) leaves out, as a trigram index of
 * its own (the same expression as in server/src/modules/register/register.repository.ts, or the planner
 * cannot use it).
 */

// One statement per call: the embedded database refuses several in one prepared statement.
const STATEMENTS = [
  `ALTER TABLE applications
    ADD COLUMN deleted_at timestamptz,
    ADD COLUMN deleted_by int REFERENCES staff_users(id) ON DELETE SET NULL,
    ADD COLUMN delete_reason text,
    ADD CONSTRAINT applications_deleted_whole CHECK ((deleted_at IS NULL) = (delete_reason IS NULL))`,
  `CREATE INDEX applications_register_idx ON applications (submitted_at DESC, application_number DESC)
    WHERE deleted_at IS NULL AND intake_status = 'complete'`,
  `CREATE INDEX applications_deleted_idx ON applications (deleted_at DESC) WHERE deleted_at IS NOT NULL`,
  `CREATE INDEX applications_father_trgm_idx ON applications USING gin (lower(father_name) gin_trgm_ops)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP INDEX applications_father_trgm_idx`).execute(db);
  await sql.raw(`DROP INDEX applications_deleted_idx`).execute(db);
  await sql.raw(`DROP INDEX applications_register_idx`).execute(db);
  await sql
    .raw(
      `ALTER TABLE applications DROP CONSTRAINT applications_deleted_whole,
        DROP COLUMN delete_reason, DROP COLUMN deleted_by, DROP COLUMN deleted_at`,
    )
    .execute(db);
}
