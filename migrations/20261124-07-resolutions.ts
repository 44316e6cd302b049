import { sql, type Kysely } from 'kysely';

/**
 * The irrigation committee's resolutions (spec 2 §3 Resolution; docs/decisions/036-resolutions.md):
 * a title, a range of application numbers and the minutes as sanitised rich text. The range is
 * compared with applications.application_number, whose unique index answers the range query; from ≤ to
 * is held here too, whatever writes the row.
 * server/src/modules/resolutions/ is the one owner of the table.
 */

// One statement per call: the embedded database refuses several in one prepared statement.
const STATEMENTS = [
  `CREATE TABLE resolutions (
    id serial PRIMARY KEY,
    title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
    range_from int NOT NULL CHECK (range_from >= 1),
    range_to int NOT NULL,
    html text NOT NULL DEFAULT '',
    created_by int REFERENCES staff_users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    updated_by int REFERENCES staff_users(id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL,
    CONSTRAINT resolutions_range CHECK (range_from <= range_to)
  )`,
  `CREATE INDEX resolutions_created_idx ON resolutions (created_at, id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP TABLE resolutions`).execute(db);
}
