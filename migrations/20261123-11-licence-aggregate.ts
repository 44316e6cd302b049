import { sql, type Kysely } from 'kysely';

/**
 * The licence as its own record (docs/decisions/022-licence-aggregate.md): it carries the holder's
 * name and dag number (changed only by an approved name/plot change, the old value kept in
 * licence_changes), a version for optimistic concurrency, every validity period it ever had (the
 * certificate's back), and its own audit rows. Its status is computed from suspended/testing and
 * the dates, never stored as "expired".
 */
async function run(db: Kysely<any>, script: string): Promise<void> {
  // One statement per call: the embedded database refuses several in one prepared statement.
  for (const statement of script
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    ALTER TABLE licences
      ADD COLUMN holder_name text NOT NULL DEFAULT '',
      ADD COLUMN dag_number text NOT NULL DEFAULT '',
      ADD COLUMN version int NOT NULL DEFAULT 1;
    UPDATE licences l SET
      holder_name = COALESCE(NULLIF(a.applicant_name, ''), a.fields->>'applicantName', ''),
      dag_number = COALESCE(NULLIF(a.dag_number, ''), a.fields->>'dagNumber', '')
      FROM applications a WHERE a.id = l.application_id;
    -- The Suspend stage of an application moves onto its licence (the stage goes away).
    UPDATE licences l SET status = 'suspended'
      FROM applications a WHERE a.id = l.application_id AND a.stage = 'Suspend';

    ALTER TABLE licence_periods
      ADD COLUMN issued_on date,
      ADD COLUMN request_id uuid REFERENCES applications(id) ON DELETE SET NULL;
    UPDATE licence_periods SET issued_on = valid_from;
    -- Every period is a row from now on, the current one included.
    INSERT INTO licence_periods (licence_id, valid_from, valid_to, issued_on, request_id, created_at)
      SELECT l.id, l.valid_from, l.valid_to, l.issued_on, l.application_id, l.created_at FROM licences l
      WHERE NOT EXISTS (SELECT 1 FROM licence_periods p
        WHERE p.licence_id = l.id AND p.valid_from = l.valid_from AND p.valid_to = l.valid_to);
    ALTER TABLE licence_periods ALTER COLUMN issued_on SET NOT NULL;

    CREATE TABLE licence_changes (
      id bigserial PRIMARY KEY,
      licence_id uuid NOT NULL REFERENCES licences(id) ON DELETE CASCADE,
      request_id uuid REFERENCES applications(id) ON DELETE SET NULL,
      field text NOT NULL CHECK (field IN ('holderName', 'dagNumber')),
      from_value text NOT NULL,
      to_value text NOT NULL,
      at timestamptz NOT NULL,
      by int REFERENCES staff_users(id) ON DELETE SET NULL
    );
    CREATE INDEX licence_changes_licence_idx ON licence_changes (licence_id, at);

    ALTER TABLE audit_log ADD COLUMN licence_id uuid REFERENCES licences(id) ON DELETE SET NULL;
    CREATE INDEX audit_log_licence_idx ON audit_log (licence_id, at) WHERE licence_id IS NOT NULL;
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    DROP INDEX audit_log_licence_idx;
    ALTER TABLE audit_log DROP COLUMN licence_id;
    DROP TABLE licence_changes;
    ALTER TABLE licence_periods DROP COLUMN request_id, DROP COLUMN issued_on;
    ALTER TABLE licences DROP COLUMN version, DROP COLUMN dag_number, DROP COLUMN holder_name;
  `,
  );
}
