import { sql, type Kysely } from 'kysely';

/**
 * The register's substring search led by the office, for a deployment of many offices
 * (docs/decisions/057-offices.md, "The register's search"; the 494-office benchmark).
 *
 * The trigram indexes of migrations 20261121-03 and 20261124-09 hold the whole country. A pattern
 * common everywhere (a surname: 42,000 entries, of which one office wants 80) or one made of
 * trigrams every mobile number shares ("013…") reads long lists there: 1.7 ms for one mobile
 * number. These two indexes lead with the office (btree_gin gives the integer column a GIN operator
 * class), so an office's search reads its own entries: 0.5 ms for either.
 *
 * Their expressions end in `|| ''`, which changes no text, so that they are not the plain indexes'
 * expressions: the planner prices a country-wide trigram scan below an office-led one (it takes
 * the policy's office set, which it cannot see, for ten offices) and would otherwise always take
 * the plain index. Only the register's search in one office of a deployment of several names
 * these expressions (register.repository.ts); the officers' queues, the area views and a
 * single-office deployment keep the plain indexes, which are the cheaper plan there.
 *
 * btree_gin is a trusted extension (PostgreSQL 13 and later) and ships with the embedded PGlite
 * (server/src/platform/db/database.ts loads it).
 */
const STATEMENTS = [
  `CREATE EXTENSION IF NOT EXISTS btree_gin`,
  `CREATE INDEX applications_search_office_trgm_idx ON applications USING gin (office_id,
    (lower(application_number::text || ' ' || applicant_name || ' ' || mobile || ' ' || upazila || ' ' || village
      || ' ' || union_name || ' ' || mouza || ' ' || jl_number || ' ' || dag_number) || '') gin_trgm_ops)`,
  `CREATE INDEX applications_father_office_trgm_idx ON applications USING gin (office_id,
    (lower(father_name) || '') gin_trgm_ops)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP INDEX applications_father_office_trgm_idx`).execute(db);
  await sql.raw(`DROP INDEX applications_search_office_trgm_idx`).execute(db);
  // The extension stays: dropping it would fail if anything else came to use it.
}
