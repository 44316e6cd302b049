import { sql, type Kysely } from 'kysely';

/**
 * Request kinds (docs/decisions/020-request-kinds.md): name and plot changes are two kinds, and a
 * renewal or change request names the licence it is about. The legacy single 'Change' kind never
 * held a row (no intake took it), so it is simply replaced.
 */
/** One statement at a time: PGlite's prepared statements take a single command (migrations/20261121-03). */
async function run(db: Kysely<any>, script: string): Promise<void> {
  for (const statement of script
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    ALTER TABLE applications DROP CONSTRAINT applications_kind_check;
    ALTER TABLE applications ADD CONSTRAINT applications_kind_check
      CHECK (kind IN ('New', 'Existing', 'Renew', 'NameChange', 'PlotChange', 'Old'));
    ALTER TABLE applications ADD COLUMN licence_id uuid REFERENCES licences(id);
    CREATE INDEX applications_licence_idx ON applications (licence_id) WHERE licence_id IS NOT NULL;
    CREATE INDEX applications_kind_queue_idx ON applications (kind, stage, intake_status, submitted_at DESC);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    DROP INDEX applications_kind_queue_idx;
    DROP INDEX applications_licence_idx;
    ALTER TABLE applications DROP COLUMN licence_id;
    ALTER TABLE applications DROP CONSTRAINT applications_kind_check;
    ALTER TABLE applications ADD CONSTRAINT applications_kind_check
      CHECK (kind IN ('New', 'Existing', 'Renew', 'Change', 'Old'));
  `,
  );
}
