import { sql, type Kysely } from 'kysely';

/**
 * A person's role is per office (docs/decisions/057-offices.md): an account is one person (one
 * e-mail, one password), and `staff_roles` says what they are in each office they work in. A row
 * with no role is a member the office's Admin has not given a role yet, or has blocked: they can
 * sign in there but open nothing (spec 2 §6). No row: they are nothing there at all.
 *
 * A national table like `staff_users`, not walled by row-level security: deleting an account and
 * the first-run check must see every office's rows. Every query the server makes on it names the
 * office explicitly (features/auth/staff-roles.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE staff_roles (
        office_id integer NOT NULL DEFAULT nullif(current_setting('app.office_id', true), '')::int REFERENCES offices(id),
        user_id integer NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
        role text CHECK (role IN ('Admin', 'Chairman', 'UNO', 'BADC', 'Pollibidut')),
        PRIMARY KEY (office_id, user_id)
      )`,
    )
    .execute(db);
  await sql.raw(`CREATE INDEX staff_roles_user_idx ON staff_roles (user_id)`).execute(db);
  // Every account of the one office a deployment had keeps its role there.
  await sql.raw(`INSERT INTO staff_roles (office_id, user_id, role) SELECT 1, id, role FROM staff_users`).execute(db);
  await sql.raw(`ALTER TABLE staff_users DROP COLUMN role`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE staff_users ADD COLUMN role text CHECK (role IN ('Admin', 'Chairman', 'UNO', 'BADC', 'Pollibidut'))`,
    )
    .execute(db);
  await sql
    .raw(`UPDATE staff_users u SET role = r.role FROM staff_roles r WHERE r.user_id = u.id AND r.office_id = 1`)
    .execute(db);
  await sql.raw(`DROP TABLE staff_roles`).execute(db);
}
