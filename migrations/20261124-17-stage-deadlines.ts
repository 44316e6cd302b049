import { sql, type Kysely } from 'kysely';

/**
 * When each application entered its stage (docs/decisions/040-stage-deadlines.md), so the lists
 * show its age and the dashboards count the overdue ones with one indexed comparison per stage
 * instead of reading the audit log for every row.
 *
 * The column is kept by a trigger, not by each writer: a stage is changed by the review engine,
 * the citizen's amendment, the Admin's override and the old-record import, and whatever changes it
 * later is covered too. The moment is the write's own updated_at, which every writer sets from the
 * application's clock (the one the tests move; now() would ignore it). The clock also starts
 * again when an open recheck ends (the applicant answered, or BADC withdrew it): the time the
 * office waited for the applicant is not the office's. A row gets its submission time when it
 * becomes complete. A writer that sets stage_since itself keeps its value.
 *
 * Rows already there: the last audit row that moved them into their stage, else their submission.
 */

// One statement per call: the embedded database refuses several in one prepared statement.
const STATEMENTS = [
  `ALTER TABLE applications ADD COLUMN stage_since timestamptz`,
  `UPDATE applications a SET stage_since = coalesce(
    (SELECT max(l.at) FROM audit_log l
      WHERE l.application_id = a.id AND l.to_stage = a.stage AND l.from_stage IS DISTINCT FROM l.to_stage),
    a.submitted_at)`,
  `CREATE FUNCTION applications_stage_since() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE'
        AND (NEW.stage IS DISTINCT FROM OLD.stage OR (OLD.recheck_requested AND NOT NEW.recheck_requested))
        AND NEW.stage_since IS NOT DISTINCT FROM OLD.stage_since THEN
      NEW.stage_since := NEW.updated_at;
    ELSIF NEW.stage_since IS NULL THEN
      NEW.stage_since := NEW.submitted_at;
    END IF;
    RETURN NEW;
  END
  $$`,
  `CREATE TRIGGER applications_stage_since BEFORE INSERT OR UPDATE OF stage, submitted_at, recheck_requested
    ON applications FOR EACH ROW EXECUTE FUNCTION applications_stage_since()`,
  // The overdue counts and the lists sorted by age: the live, complete requests of a stage by age.
  `CREATE INDEX applications_stage_since_idx ON applications (stage, stage_since)
    WHERE intake_status = 'complete' AND deleted_at IS NULL`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP INDEX applications_stage_since_idx`).execute(db);
  await sql.raw(`DROP TRIGGER applications_stage_since ON applications`).execute(db);
  await sql.raw(`DROP FUNCTION applications_stage_since()`).execute(db);
  await sql.raw(`ALTER TABLE applications DROP COLUMN stage_since`).execute(db);
}
