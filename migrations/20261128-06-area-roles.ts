import { sql, type Kysely } from 'kysely';

/**
 * Roles over an area (docs/decisions/057-offices.md, step 4): the national administrator, and the
 * read-only viewers of one division or one district. One area role a person; their office roles
 * stay in `staff_roles`. A national table like `staff_users`: it belongs to no office.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE area_roles (
        user_id integer PRIMARY KEY REFERENCES staff_users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('NationalAdmin', 'DivisionViewer', 'DistrictViewer')),
        division_id smallint REFERENCES divisions(id),
        district_id smallint REFERENCES districts(id),
        granted_at timestamptz NOT NULL DEFAULT now(),
        CHECK (
          (role = 'NationalAdmin' AND division_id IS NULL AND district_id IS NULL) OR
          (role = 'DivisionViewer' AND division_id IS NOT NULL AND district_id IS NULL) OR
          (role = 'DistrictViewer' AND district_id IS NOT NULL AND division_id IS NULL)
        )
      )`,
    )
    .execute(db);
  // The server may read who holds which area, and write it only through the national screens.
  await sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON area_roles TO portal_app`).execute(db);
  // Opening, renaming and closing offices is the national administrator's, through the server.
  await sql.raw(`GRANT INSERT, UPDATE ON offices TO portal_app`).execute(db);
  await sql.raw(`GRANT USAGE ON SEQUENCE offices_id_seq TO portal_app`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`REVOKE INSERT, UPDATE ON offices FROM portal_app`).execute(db);
  await sql.raw(`DROP TABLE area_roles`).execute(db);
}
