import { sql, type Kysely } from 'kysely';

/**
 * The officers' substring search keeps its trigram index under row-level security
 * (docs/decisions/057-offices.md).
 *
 * A policy's condition is checked before any condition of the query that calls a function not
 * marked LEAKPROOF, so that such a function never sees a row the policy hides. The search's
 * condition, `lower(number::text || ' ' || name …) LIKE '%…%'`, calls five such built-ins. The
 * planner then could not use the trigram index: a search by a mobile number went from 0.14 ms to
 * 50 ms, a sequential scan of every application of the office.
 *
 * Marked LEAKPROOF here: lower(text), textcat, textlike, int8out, textin. None of them fails or
 * answers differently because of a row it is not shown, with one narrow exception. textlike refuses
 * a pattern that ends in the escape character, so a query whose pattern is a hidden column could
 * tell that much. Only the server writes SQL here, and none of its queries does that; the policy
 * is the second wall, not the only one.
 *
 * Only a superuser may mark a function. A deployment whose owner is not one (a managed database)
 * keeps the search correct but slower, and the migration says so rather than failing.
 */
const FUNCTIONS = ['lower(text)', 'textcat(text, text)', 'textlike(text, text)', 'int8out(bigint)', 'textin(cstring)'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `DO $$ BEGIN
        ${FUNCTIONS.map((f) => `ALTER FUNCTION pg_catalog.${f} LEAKPROOF;`).join('\n        ')}
      EXCEPTION WHEN insufficient_privilege THEN
        RAISE NOTICE 'Not a superuser: the search functions stay unmarked, and searches under row-level security do not use the trigram index (docs/decisions/057-offices.md).';
      END $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `DO $$ BEGIN
        ${FUNCTIONS.map((f) => `ALTER FUNCTION pg_catalog.${f} NOT LEAKPROOF;`).join('\n        ')}
      EXCEPTION WHEN insufficient_privilege THEN NULL;
      END $$`,
    )
    .execute(db);
}
