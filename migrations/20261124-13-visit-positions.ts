import { sql, type Kysely } from 'kysely';

/**
 * The live map's visits layer asks for the field visits inside a box (docs/decisions/035-live-map-clusters-and-visits.md),
 * the same range query as the wells' (applications_position_idx, migration 20261124-01). Without
 * an index it reads every visit: with 100,000 of them a city-sized box took 38 ms on PostgreSQL
 * (a parallel sequential scan), 1.5 ms with this one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`CREATE INDEX field_visits_position_idx ON field_visits (latitude, longitude) WHERE latitude IS NOT NULL`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP INDEX field_visits_position_idx`).execute(db);
}
