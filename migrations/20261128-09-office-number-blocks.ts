import { sql, type Kysely } from 'kysely';

/**
 * A block of an office's numbers in one statement (docs/decisions/057-offices.md, step 3), for the
 * inserts of many rows at once: an import from the paper register. The column default
 * (`next_office_number`, migration 20261128-04) updates the counter row once per row, and within
 * one transaction each update walks the chain of that row's versions the transaction made before:
 * the cost grows with the square of the rows (100,000 rows took over four minutes). A block is one
 * update, and its transaction gives it back whole if it fails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION take_office_numbers(counter text, n bigint) RETURNS bigint LANGUAGE sql VOLATILE AS $$
        INSERT INTO office_counters AS c (office_id, counter, last_value)
        VALUES (nullif(current_setting('app.office_id', true), '')::int, counter, n)
        ON CONFLICT (office_id, counter) DO UPDATE SET last_value = c.last_value + excluded.last_value
        RETURNING c.last_value - n + 1
      $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP FUNCTION take_office_numbers(text, bigint)`).execute(db);
}
