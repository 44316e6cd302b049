import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the officers' lists (spec 3 §2, docs/decisions/018-service-targets.md "Lists are paged, searched and
 * sorted in PostgreSQL"): a trigram index over the searched columns so that a case-insensitive
 * substring search stays an index scan, and partial indexes for the per-role seen lists.
 *
 * The search expression must stay identical to SEARCH_TEXT in
 * server/src/features/review/queue.repository.ts, or the planner cannot use the index.
 */
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
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX applications_search_trgm_idx ON applications USING gin (
      lower(application_number::text || ' ' || applicant_name || ' ' || mobile || ' ' || upazila || ' ' || village
        || ' ' || union_name || ' ' || mouza || ' ' || jl_number || ' ' || dag_number) gin_trgm_ops
    );
    CREATE INDEX applications_seen_chairman_idx ON applications (submitted_at DESC) WHERE seen_chairman AND intake_status = 'complete';
    CREATE INDEX applications_seen_uno_idx ON applications (submitted_at DESC) WHERE seen_uno AND intake_status = 'complete';
    CREATE INDEX applications_seen_badc_idx ON applications (submitted_at DESC) WHERE seen_badc AND intake_status = 'complete';
    CREATE INDEX licences_valid_to_idx ON licences (valid_to);
    CREATE INDEX licence_periods_licence_idx ON licence_periods (licence_id);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    DROP INDEX applications_search_trgm_idx, applications_seen_chairman_idx, applications_seen_uno_idx,
      applications_seen_badc_idx, licences_valid_to_idx, licence_periods_licence_idx;
  `,
  );
}
