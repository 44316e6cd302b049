import { sql, type Kysely } from 'kysely';

/**
 * The well's position as indexed columns (docs/decisions/028-map-and-siting.md): the live map asks
 * for the wells inside a box and the siting check for the licensed wells near one, so the position
 * cannot stay inside `applications.fields`. `position_source` says whose it is: an officer's
 * recorded position (inspect / updateFinal) wins over the applicant's, for good
 * (server/src/modules/map/well-position.ts is the one place that writes these columns from now on).
 * No PostGIS: a btree on (latitude, longitude) works on PostgreSQL and on the embedded PGlite alike.
 */

/** A text that may hold a coordinate (a JSON number, or digits typed in Latin or Bangla) as float8, else NULL. */
const coordinate = (text: string) => `(CASE
  WHEN translate(btrim(${text}), '০১২৩৪৫৬৭৮৯', '0123456789') ~ '^-?[0-9]+(\\.[0-9]+)?$'
  THEN translate(btrim(${text}), '০১২৩৪৫৬৭৮৯', '0123456789')::float8 END)`;

/** Bangladesh's box, as BANGLADESH_BOUNDS in shared/src/geo/geo.ts (a migration is frozen, so written out). */
const inBangladesh = (lat: string, lng: string) => `${lat} BETWEEN 20.3 AND 26.8 AND ${lng} BETWEEN 87.9 AND 92.8`;

// One statement per call: the embedded database refuses several in one prepared statement.
const STATEMENTS = [
  `ALTER TABLE applications
    ADD COLUMN latitude double precision,
    ADD COLUMN longitude double precision,
    ADD COLUMN position_source text CHECK (position_source IN ('applicant', 'officer')),
    ADD CONSTRAINT applications_position_whole CHECK (
      (latitude IS NULL) = (longitude IS NULL) AND (latitude IS NULL) = (position_source IS NULL))`,
  // The applicant's position as typed on the form.
  `WITH typed AS (
     SELECT id, ${coordinate(`fields->>'latitude'`)} AS lat, ${coordinate(`fields->>'longitude'`)} AS lng
     FROM applications)
   UPDATE applications a SET latitude = t.lat, longitude = t.lng, position_source = 'applicant'
   FROM typed t WHERE a.id = t.id AND ${inBangladesh('t.lat', 't.lng')}`,
  // The position BADC recorded last (its inspect or updateFinal payload in the audit log), over the
  // applicant's: an amendment after it changed the form's copy but not the officer's finding.
  `WITH recorded AS (
     SELECT DISTINCT ON (application_id) application_id,
       ${coordinate(`details->'payload'->>'latitude'`)} AS lat,
       ${coordinate(`details->'payload'->>'longitude'`)} AS lng
     FROM audit_log
     WHERE application_id IS NOT NULL AND action IN ('inspect', 'updateFinal')
       AND (details->'payload'->>'latitude' IS NOT NULL OR details->'payload'->>'longitude' IS NOT NULL)
     ORDER BY application_id, id DESC),
   merged AS (
     SELECT a.id, COALESCE(r.lat, a.latitude) AS lat, COALESCE(r.lng, a.longitude) AS lng
     FROM recorded r JOIN applications a ON a.id = r.application_id)
   UPDATE applications a SET latitude = m.lat, longitude = m.lng, position_source = 'officer'
   FROM merged m WHERE a.id = m.id AND ${inBangladesh('m.lat', 'm.lng')}`,
  // The map's box query: a range on latitude, longitude checked inside the index.
  `CREATE INDEX applications_position_idx ON applications (latitude, longitude) WHERE latitude IS NOT NULL`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP INDEX applications_position_idx`).execute(db);
  await sql
    .raw(
      `ALTER TABLE applications DROP CONSTRAINT applications_position_whole,
        DROP COLUMN position_source, DROP COLUMN longitude, DROP COLUMN latitude`,
    )
    .execute(db);
}
