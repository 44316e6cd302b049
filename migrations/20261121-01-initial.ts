import { sql, type Kysely } from 'kysely';

/**
 * The initial schema (frozen once landed; later changes go in new dated files).
 * Stages and roles are checked by the database too (docs/decisions/018-service-targets.md habit 5).
 */
/** Runs one statement at a time: PGlite's extended protocol takes a single command per query. */
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
    CREATE SEQUENCE application_number_seq START 1;
    CREATE SEQUENCE licence_number_seq START 1;

    CREATE TABLE site_settings (
      id int PRIMARY KEY CHECK (id = 1),
      data jsonb NOT NULL DEFAULT '{}'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by int
    );
    INSERT INTO site_settings (id, data) VALUES (1, '{}'::jsonb);

    CREATE TABLE localities (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('union', 'post')),
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (kind, name)
    );

    CREATE TABLE staff_users (
      id serial PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      role text CHECK (role IN ('Admin', 'Chairman', 'UNO', 'BADC', 'Pollibidut')),
      must_change_password boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX staff_users_email_key ON staff_users (lower(email));

    CREATE TABLE staff_sessions (
      id_hash text PRIMARY KEY,
      user_id int NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX staff_sessions_user_idx ON staff_sessions (user_id);

    CREATE TABLE password_resets (
      token_hash text PRIMARY KEY,
      user_id int NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );

    -- Sliding-window counters for sign-in throttling and code sends (per number, per address).
    CREATE TABLE rate_limit_hits (
      id bigserial PRIMARY KEY,
      bucket text NOT NULL,
      key text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX rate_limit_hits_idx ON rate_limit_hits (bucket, key, at);

    -- File bytes live in PostgreSQL (docs/decisions/003-file-storage.md).
    CREATE TABLE blobs (
      id uuid PRIMARY KEY,
      bytes bytea NOT NULL,
      mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
      size int NOT NULL CHECK (size > 0 AND size <= 1500000),
      sha256 text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE applications (
      id uuid PRIMARY KEY,                          -- the id made on the phone (outbox item id)
      application_number bigint NOT NULL UNIQUE DEFAULT nextval('application_number_seq'),
      kind text NOT NULL CHECK (kind IN ('New', 'Existing', 'Renew', 'Change', 'Old')),
      content_hash text NOT NULL,                   -- a repeat with other content is a conflict
      intake_status text NOT NULL DEFAULT 'receiving' CHECK (intake_status IN ('receiving', 'complete')),
      fields jsonb NOT NULL,                        -- the validated form, code names (schemas/application.ts)
      file_manifest jsonb NOT NULL DEFAULT '[]'::jsonb,
      -- Copies of the fields that lists search and sort by (kept in step by the repository).
      applicant_name text NOT NULL DEFAULT '',
      father_name text NOT NULL DEFAULT '',
      mobile text NOT NULL,
      upazila text NOT NULL DEFAULT '',
      village text NOT NULL DEFAULT '',
      union_name text NOT NULL DEFAULT '',
      mouza text NOT NULL DEFAULT '',
      jl_number text NOT NULL DEFAULT '',
      dag_number text NOT NULL DEFAULT '',
      -- The pipeline (shared/src/workflow).
      stage text NOT NULL DEFAULT 'StepOne'
        CHECK (stage IN ('StepOne', 'StepTwo', 'StepThree', 'Pending', 'Approvable', 'NotApprovable', 'Approved', 'Decline', 'Suspend')),
      seen_chairman boolean NOT NULL DEFAULT false,
      seen_uno boolean NOT NULL DEFAULT false,
      seen_badc boolean NOT NULL DEFAULT false,
      seen_pollibidut boolean NOT NULL DEFAULT false,
      version int NOT NULL DEFAULT 1,               -- optimistic concurrency for officer actions
      checklist jsonb,                              -- BADC seven-item checklist
      final_remarks text,                           -- reasonFinalDetails
      recheck_requested boolean NOT NULL DEFAULT false,
      recheck_message text,
      map_remarks text,
      submitted_at timestamptz,                     -- when the last file arrived
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX applications_queue_idx ON applications (stage, intake_status, submitted_at DESC);
    CREATE INDEX applications_mobile_idx ON applications (mobile);

    CREATE TABLE application_files (
      id uuid PRIMARY KEY,
      application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      slot text NOT NULL,
      blob_id uuid NOT NULL REFERENCES blobs(id),
      original_name text,
      uploaded_by int REFERENCES staff_users(id),
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (application_id, slot)
    );

    CREATE TABLE licences (
      id uuid PRIMARY KEY,
      application_id uuid NOT NULL UNIQUE REFERENCES applications(id),
      licence_number bigint NOT NULL UNIQUE DEFAULT nextval('licence_number_seq'),
      term_years int NOT NULL CHECK (term_years IN (1, 2, 3)),
      is_testing boolean NOT NULL,
      issued_on date NOT NULL,
      valid_from date NOT NULL,
      valid_to date NOT NULL CHECK (valid_to > valid_from),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
      suspend_note text,
      approver jsonb,                               -- sign_status and text_1..text_6
      created_by int REFERENCES staff_users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Earlier and renewal periods for the back page's six-row validity table.
    CREATE TABLE licence_periods (
      id serial PRIMARY KEY,
      licence_id uuid NOT NULL REFERENCES licences(id) ON DELETE CASCADE,
      valid_from date NOT NULL,
      valid_to date NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Every change of stage or status: who, when, from, to, action, note.
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      application_id uuid REFERENCES applications(id) ON DELETE SET NULL,
      actor_user_id int REFERENCES staff_users(id) ON DELETE SET NULL,
      actor_label text NOT NULL,                    -- 'citizen', 'system', or the staff e-mail at the time
      action text NOT NULL,
      from_stage text,
      to_stage text,
      note text,
      details jsonb,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_application_idx ON audit_log (application_id, at);

    -- Offline officer decisions: a repeat of the same client action id answers with the first result.
    CREATE TABLE idempotency_keys (
      key uuid PRIMARY KEY,
      scope text NOT NULL,
      request_hash text NOT NULL,
      response_status int NOT NULL,
      response_body jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE otp_challenges (
      id uuid PRIMARY KEY,
      application_id uuid REFERENCES applications(id) ON DELETE CASCADE, -- null: no match (never told)
      mobile text NOT NULL,
      purpose int NOT NULL CHECK (purpose BETWEEN 1 AND 6),
      code_hash text NOT NULL,
      wrong_tries int NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE citizen_grants (
      token_hash text PRIMARY KEY,
      application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      purpose int NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Durable outbox of text messages: retries with backoff, each message sent at most once.
    CREATE TABLE sms_outbox (
      id bigserial PRIMARY KEY,
      dedupe_key text UNIQUE,
      to_number text NOT NULL,
      body text NOT NULL,
      kind text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
      attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      gateway_reply text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX sms_outbox_due_idx ON sms_outbox (status, next_attempt_at);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    DROP TABLE sms_outbox, citizen_grants, otp_challenges, idempotency_keys, audit_log, licence_periods,
      licences, application_files, applications, blobs, rate_limit_hits, password_resets, staff_sessions,
      staff_users, localities, site_settings;
    DROP SEQUENCE application_number_seq, licence_number_seq;
  `,
  );
}
