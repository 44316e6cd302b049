import { sql, type Kysely } from 'kysely';

/**
 * The BADC inspector's field visit as its own record (docs/decisions/030-field-visits.md): who went,
 * when (the phone's clock), where and how precisely, the checklist, the notes, the decision it
 * carried, and its photos. The id is the phone's clientVisitId, so a repeat of the outbox item finds
 * its row; content_hash makes the same id with other content a conflict. A photo row is the
 * manifest's entry, written with the visit; its blob arrives later (blob_id NULL until then).
 * server/src/modules/visits/ is the one owner of both tables.
 */

// One statement per call: the embedded database refuses several in one prepared statement.
const STATEMENTS = [
  `CREATE TABLE field_visits (
    id uuid PRIMARY KEY,
    application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    officer_id int NOT NULL REFERENCES staff_users(id),
    visited_at timestamptz NOT NULL,
    latitude double precision,
    longitude double precision,
    accuracy_m double precision CHECK (accuracy_m >= 0),
    checklist jsonb,
    notes text,
    decision text NOT NULL DEFAULT 'none' CHECK (decision IN (
      'none', 'inspect', 'requestRecheck', 'decideFirst', 'updateFinal', 'approve', 'decline',
      'decideRenewal', 'decideChange')),
    photo_count smallint NOT NULL CHECK (photo_count BETWEEN 0 AND 6),
    content_hash text NOT NULL,
    status text NOT NULL DEFAULT 'receiving' CHECK (status IN ('receiving', 'complete')),
    created_at timestamptz NOT NULL,
    completed_at timestamptz,
    -- A position is whole or absent, and inside Bangladesh (BANGLADESH_BOUNDS, written out: frozen).
    CONSTRAINT field_visits_position_whole CHECK (
      (latitude IS NULL) = (longitude IS NULL) AND (latitude IS NULL) = (accuracy_m IS NULL)),
    CONSTRAINT field_visits_position_inside CHECK (
      latitude IS NULL OR (latitude BETWEEN 20.3 AND 26.8 AND longitude BETWEEN 87.9 AND 92.8)),
    CONSTRAINT field_visits_completed CHECK ((status = 'complete') = (completed_at IS NOT NULL))
  )`,
  `CREATE INDEX field_visits_application_idx ON field_visits (application_id, visited_at)`,
  `CREATE TABLE field_visit_photos (
    visit_id uuid NOT NULL REFERENCES field_visits(id) ON DELETE CASCADE,
    photo_index smallint NOT NULL CHECK (photo_index BETWEEN 0 AND 5),
    sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
    size int NOT NULL CHECK (size > 0 AND size <= 1500000),
    taken_at timestamptz NOT NULL,
    latitude double precision,
    longitude double precision,
    -- The bytes, in the one attachment storage (docs/decisions/003-file-storage.md), once they arrive.
    blob_id uuid UNIQUE REFERENCES blobs(id),
    received_at timestamptz,
    PRIMARY KEY (visit_id, photo_index),
    CONSTRAINT field_visit_photos_position_whole CHECK ((latitude IS NULL) = (longitude IS NULL)),
    CONSTRAINT field_visit_photos_received CHECK ((blob_id IS NULL) = (received_at IS NULL))
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP TABLE field_visit_photos`).execute(db);
  await sql.raw(`DROP TABLE field_visits`).execute(db);
}
