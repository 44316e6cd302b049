import { sql, type Kysely } from 'kysely';

/**
 * A GEO database item's place (docs/decisions/034-geo-database-map.md): the Admin types or picks it,
 * or the server reads it from the photo's GPS EXIF before the metadata is stripped. Only GEO items
 * carry one; the slider and the photo gallery never do. `position_source` says which it was.
 * No backfill: the stored pictures lost their EXIF in 20261123-05, so old items wait for the Admin.
 */

// One statement per call: the embedded database refuses several in one prepared statement.
const STATEMENTS = [
  `ALTER TABLE content_images
    ADD COLUMN latitude double precision,
    ADD COLUMN longitude double precision,
    ADD COLUMN position_source text CHECK (position_source IN ('typed', 'exif')),
    ADD CONSTRAINT content_images_position_whole CHECK (
      (latitude IS NULL) = (longitude IS NULL) AND (latitude IS NULL) = (position_source IS NULL)),
    ADD CONSTRAINT content_images_position_geo_only CHECK (latitude IS NULL OR gallery = 'geo'),
    ADD CONSTRAINT content_images_position_inside CHECK (
      latitude IS NULL OR (latitude BETWEEN 20.3 AND 26.8 AND longitude BETWEEN 87.9 AND 92.8))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE content_images
        DROP CONSTRAINT content_images_position_inside,
        DROP CONSTRAINT content_images_position_geo_only,
        DROP CONSTRAINT content_images_position_whole,
        DROP COLUMN position_source,
        DROP COLUMN longitude,
        DROP COLUMN latitude`,
    )
    .execute(db);
}
