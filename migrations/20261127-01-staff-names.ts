import { sql, type Kysely } from 'kysely';

/**
 * An officer's own name (docs/decisions/056-staff-names.md): dashboards and menus greet a person by
 * name, not by e-mail address. Accounts made before this have none until their owner sets it on the
 * Profile page; until then the portal names the role. At most 80 characters, never blank.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE staff_users ADD COLUMN display_name text
        CONSTRAINT staff_users_display_name_length CHECK (char_length(btrim(display_name)) BETWEEN 1 AND 80)`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`ALTER TABLE staff_users DROP COLUMN display_name`).execute(db);
}
