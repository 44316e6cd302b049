import { sql, type Kysely } from 'kysely';

/**
 * The Admin may delete a staff account (spec 2 §2 Account Manager, "Remove"). Files it uploaded and
 * licences it issued stay; they just lose the link to the deleted account, as the audit log already
 * does (its actor_label keeps the e-mail used at the time).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE application_files DROP CONSTRAINT application_files_uploaded_by_fkey`.execute(db);
  await sql`ALTER TABLE application_files ADD CONSTRAINT application_files_uploaded_by_fkey
    FOREIGN KEY (uploaded_by) REFERENCES staff_users(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE licences DROP CONSTRAINT licences_created_by_fkey`.execute(db);
  await sql`ALTER TABLE licences ADD CONSTRAINT licences_created_by_fkey
    FOREIGN KEY (created_by) REFERENCES staff_users(id) ON DELETE SET NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE application_files DROP CONSTRAINT application_files_uploaded_by_fkey`.execute(db);
  await sql`ALTER TABLE application_files ADD CONSTRAINT application_files_uploaded_by_fkey
    FOREIGN KEY (uploaded_by) REFERENCES staff_users(id)`.execute(db);
  await sql`ALTER TABLE licences DROP CONSTRAINT licences_created_by_fkey`.execute(db);
  await sql`ALTER TABLE licences ADD CONSTRAINT licences_created_by_fkey
    FOREIGN KEY (created_by) REFERENCES staff_users(id)`.execute(db);
}
