import { sql, type Kysely } from 'kysely';

/**
 * Numbers per office (docs/decisions/057-offices.md, step 3): application, licence, complaint and
 * copy-request numbers count in each office from 1, as they did in the one office. A PostgreSQL
 * sequence is one counter for the whole database, and the server's role may not create one per
 * office, so each office keeps its counters in `office_counters`, a table under the same
 * row-level security as every office table.
 *
 * The number columns keep a default, now `next_office_number('<counter>')`: it takes the next
 * number of the transaction's office (`app.office_id`). No insert changed. A number is taken under
 * the counter row's lock until the transaction ends, so two offices never wait for each other, an
 * office's own inserts take turns for the few milliseconds of their transaction, and a transaction
 * that fails gives its number back (no gap, where a sequence left one). Outside a one-office
 * transaction there is no office to count for and the insert fails.
 *
 * An upgraded deployment's office 1 continues where its sequences stood, so no printed number is
 * ever given again; the sequences are dropped.
 */
const COUNTERS: [table: string, column: string, counter: string, sequence: string][] = [
  ['applications', 'application_number', 'application', 'application_number_seq'],
  ['licences', 'licence_number', 'licence', 'licence_number_seq'],
  ['complaints', 'reference_number', 'complaint', 'complaint_number_seq'],
  ['copy_requests', 'reference_number', 'copy_request', 'copy_request_number_seq'],
];
const OFFICE_SET = `string_to_array(nullif(current_setting('app.office_ids', true), ''), ',')::int[]`;
const TRANSACTION_OFFICE = `nullif(current_setting('app.office_id', true), '')::int`;

export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`CREATE TABLE office_counters (
    office_id integer NOT NULL DEFAULT ${TRANSACTION_OFFICE} REFERENCES offices(id),
    counter text NOT NULL CHECK (counter IN (${COUNTERS.map(([, , c]) => `'${c}'`).join(', ')})),
    last_value bigint NOT NULL CHECK (last_value >= 0),
    PRIMARY KEY (office_id, counter)
  )`);
  // Invoker's rights (never SECURITY DEFINER: the policy must hold inside it too).
  await run(`CREATE FUNCTION next_office_number(counter text) RETURNS bigint LANGUAGE sql VOLATILE AS $$
    INSERT INTO office_counters AS c (office_id, counter, last_value)
    VALUES (${TRANSACTION_OFFICE}, counter, 1)
    ON CONFLICT (office_id, counter) DO UPDATE SET last_value = c.last_value + 1
    RETURNING c.last_value
  $$`);

  for (const [table, column, counter, sequence] of COUNTERS) {
    // Where the sequence stood: its last number when one was taken, else one before its start.
    await run(`INSERT INTO office_counters (office_id, counter, last_value)
      SELECT 1, '${counter}', CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM ${sequence}`);
    await run(`ALTER TABLE ${table} ALTER COLUMN ${column} SET DEFAULT next_office_number('${counter}')`);
    await run(`DROP SEQUENCE ${sequence}`);
  }
  // After office 1's rows: an owner that is not a superuser obeys a FORCEd policy too.
  await run(`ALTER TABLE office_counters ENABLE ROW LEVEL SECURITY`);
  await run(`ALTER TABLE office_counters FORCE ROW LEVEL SECURITY`);
  await run(
    `CREATE POLICY office_wall ON office_counters USING (office_id = ANY (${OFFICE_SET})) WITH CHECK (office_id = ANY (${OFFICE_SET}))`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const [table, column, counter, sequence] of COUNTERS) {
    // Back to one counter: past the highest number any office has taken.
    await run(`CREATE SEQUENCE ${sequence} START 1`);
    await run(`SELECT setval('${sequence}',
      (SELECT coalesce(max(last_value), 0) + 1 FROM office_counters WHERE counter = '${counter}'), false)`);
    await run(`ALTER TABLE ${table} ALTER COLUMN ${column} SET DEFAULT nextval('${sequence}')`);
  }
  await run(`DROP FUNCTION next_office_number(text)`);
  await run(`DROP TABLE office_counters`);
}
