import { sql, type Kysely } from 'kysely';

/**
 * Citizen services (spec 1 §2-§5, spec 2 §2-§3): complaints, duplicate-licence copy requests and
 * contact messages. Complaints and copies arrive through the offline outbox like applications
 * (docs/decisions/018-service-targets.md): the phone's id is the primary key, a repeat with other content is a conflict,
 * and the request stays 'receiving' until its last declared file has arrived. Their files live in
 * the blobs table (docs/decisions/003-file-storage.md), linked through service_files.
 * Instead of the legacy delete-only lists, the office keeps a status with a note.
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
    CREATE SEQUENCE complaint_number_seq START 1;
    CREATE SEQUENCE copy_request_number_seq START 1;

    CREATE TABLE complaints (
      id uuid PRIMARY KEY,
      reference_number bigint NOT NULL UNIQUE DEFAULT nextval('complaint_number_seq'),
      content_hash text NOT NULL,
      intake_status text NOT NULL DEFAULT 'receiving' CHECK (intake_status IN ('receiving', 'complete')),
      file_manifest jsonb NOT NULL DEFAULT '[]'::jsonb,
      name text NOT NULL,
      mobile text NOT NULL,
      status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'in_progress', 'resolved')),
      status_note text NOT NULL DEFAULT '',
      submitted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX complaints_list_idx ON complaints (intake_status, submitted_at DESC);

    CREATE TABLE copy_requests (
      id uuid PRIMARY KEY,
      reference_number bigint NOT NULL UNIQUE DEFAULT nextval('copy_request_number_seq'),
      content_hash text NOT NULL,
      intake_status text NOT NULL DEFAULT 'receiving' CHECK (intake_status IN ('receiving', 'complete')),
      file_manifest jsonb NOT NULL DEFAULT '[]'::jsonb,
      licence_number text NOT NULL,
      mobile text NOT NULL,
      fee text NOT NULL,
      app_type text NOT NULL CHECK (app_type IN ('lost', 'destroyed')),
      status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'in_progress', 'resolved')),
      status_note text NOT NULL DEFAULT '',
      submitted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX copy_requests_list_idx ON copy_requests (intake_status, submitted_at DESC);

    -- One row per stored file of a complaint or a copy request (exactly one of the two).
    CREATE TABLE service_files (
      id uuid PRIMARY KEY,
      complaint_id uuid REFERENCES complaints(id) ON DELETE CASCADE,
      copy_request_id uuid REFERENCES copy_requests(id) ON DELETE CASCADE,
      slot text NOT NULL,
      blob_id uuid NOT NULL REFERENCES blobs(id),
      original_name text,
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      CHECK (num_nonnulls(complaint_id, copy_request_id) = 1)
    );
    CREATE UNIQUE INDEX service_files_complaint_slot_key ON service_files (complaint_id, slot) WHERE complaint_id IS NOT NULL;
    CREATE UNIQUE INDEX service_files_copy_slot_key ON service_files (copy_request_id, slot) WHERE copy_request_id IS NOT NULL;

    CREATE TABLE contact_messages (
      id serial PRIMARY KEY,
      name text NOT NULL,
      phone text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC);
    CREATE INDEX sms_outbox_created_idx ON sms_outbox (created_at DESC);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    DROP INDEX sms_outbox_created_idx;
    DROP TABLE contact_messages, service_files, copy_requests, complaints;
    DROP SEQUENCE complaint_number_seq, copy_request_number_seq;
  `,
  );
}
