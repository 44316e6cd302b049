import { sql, type Kysely } from 'kysely';

/**
 * An audit you can follow (docs/decisions/041-audit-trail.md): audit_log names the record a row is
 * about when it is not an application or a licence (those keep application_id and licence_id):
 * the settings, a notice, a page, an account, a batch of texts… `entity_label` keeps what the
 * record was called at the time (a notice's title, an account's e-mail), so a row still reads
 * after the record is deleted.
 *
 * The indexes serve the Admin's audit page, newest first: by time alone, by who, by what, and by
 * which record. No trigram index: the search box reads a few short columns under these filters,
 * and an old-register import writes 100,000 rows in one transaction (decision 039), which every
 * extra index slows.
 *
 * Rows written before this migration by features that named their record only in `details`
 * (resolutions, complaints, copy requests, GEO items) get their entity from there.
 */

// One statement per call: the embedded database refuses several in one prepared statement.
const STATEMENTS = [
  `ALTER TABLE audit_log
    ADD COLUMN entity_type text,
    ADD COLUMN entity_id text,
    ADD COLUMN entity_label text,
    ADD CONSTRAINT audit_log_entity_whole CHECK ((entity_type IS NULL) = (entity_id IS NULL))`,
  `UPDATE audit_log SET
    entity_type = CASE
      WHEN details ? 'resolutionId' THEN 'resolution'
      WHEN details ? 'complaintId' THEN 'complaint'
      WHEN details ? 'copyRequestId' THEN 'copyRequest'
      WHEN details ? 'geoItemId' THEN 'image'
    END,
    entity_id = COALESCE(details->>'resolutionId', details->>'complaintId', details->>'copyRequestId',
      details->>'geoItemId')
    WHERE application_id IS NULL AND licence_id IS NULL
      AND details ?| array['resolutionId', 'complaintId', 'copyRequestId', 'geoItemId']`,
  `CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`,
  `CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, at DESC) WHERE actor_user_id IS NOT NULL`,
  `CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC)`,
  `CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, at DESC) WHERE entity_type IS NOT NULL`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP INDEX audit_log_entity_idx`).execute(db);
  await sql.raw(`DROP INDEX audit_log_action_idx`).execute(db);
  await sql.raw(`DROP INDEX audit_log_actor_idx`).execute(db);
  await sql.raw(`DROP INDEX audit_log_at_idx`).execute(db);
  await sql
    .raw(
      `ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_whole,
        DROP COLUMN entity_label, DROP COLUMN entity_id, DROP COLUMN entity_type`,
    )
    .execute(db);
}
