import { sql, type Kysely } from 'kysely';

/**
 * Every upazila office on one deployment, each office's rows walled off by PostgreSQL's row-level
 * security (docs/decisions/057-offices.md, step 2).
 *
 * - `offices`: one row per office that runs the service, opened from the country's list of upazilas.
 *   A deployment upgraded from one office gets office 1, named from its own site settings; every
 *   row it holds becomes that office's, numbers and files unchanged.
 * - Every office-owned table gets `office_id`, leading its per-office keys and its list indexes, so
 *   an office's pages cost what its own rows cost. Its default is the office of the transaction
 *   (`app.office_id`, set by the server's office-scoped transaction, server/src/platform/db/office-scope.ts),
 *   so an insert needs no code change and can only be for that office.
 * - Row-level security, ENABLEd and FORCEd (an owner obeys it too), one policy per table: a row is
 *   seen and written only when its office is in the transaction's `app.office_ids`. No setting, no
 *   rows. Superusers still skip every policy, so the server never queries as one: each scoped
 *   transaction drops to `portal_app`, a role that owns nothing and has no BYPASSRLS.
 */

/** Tables whose rows belong to one office. Everything else in the schema is national. */
const OFFICE_TABLES = [
  'site_settings',
  'localities',
  'blobs',
  'applications',
  'application_files',
  'licences',
  'licence_changes',
  'licence_periods',
  'licence_signing_key',
  'audit_log',
  'idempotency_keys',
  'otp_challenges',
  'citizen_grants',
  'sms_outbox',
  'complaints',
  'copy_requests',
  'service_files',
  'contact_messages',
  'content_images',
  'image_variants',
  'archive_files',
  'notices',
  'content_pages',
  'content_records',
  'field_visits',
  'field_visit_photos',
  'resolutions',
] as const;

/** National tables the server writes (accounts, sessions, rate limits); the rest it only reads. */
const NATIONAL_WRITTEN = ['staff_users', 'staff_sessions', 'password_resets', 'rate_limit_hits', 'staff_devices'];
const NATIONAL_READ = ['divisions', 'districts', 'upazilas', 'offices'];

/** Keys that were unique in the one office and are unique per office now: [table, constraint, columns]. */
const PER_OFFICE_UNIQUE: [string, string, string][] = [
  ['applications', 'applications_application_number_key', 'application_number'],
  ['licences', 'licences_licence_number_key', 'licence_number'],
  ['complaints', 'complaints_reference_number_key', 'reference_number'],
  ['copy_requests', 'copy_requests_reference_number_key', 'reference_number'],
  ['localities', 'localities_kind_name_key', 'kind, name'],
  ['sms_outbox', 'sms_outbox_dedupe_key_key', 'dedupe_key'],
];
/** Primary keys that named one office's single row or its own keys: [table, constraint, columns]. */
const PER_OFFICE_PRIMARY: [string, string, string][] = [
  ['site_settings', 'site_settings_pkey', 'id'],
  ['licence_signing_key', 'licence_signing_key_pkey', 'id'],
  ['content_pages', 'content_pages_pkey', 'slug'],
  ['content_records', 'content_records_pkey', 'key'],
  ['idempotency_keys', 'idempotency_keys_pkey', 'key'],
];
/**
 * List and search indexes an office's pages read, rebuilt with the office first. Left as they were:
 * lookups by a record's own id, the trigram searches (GIN has no integer operator class without
 * btree_gin; the office's rows are then filtered), and the jobs' national scans (sms_outbox_due,
 * licences_valid_to).
 */
const OFFICE_FIRST_INDEXES = [
  'applications_deleted_idx',
  'applications_kind_queue_idx',
  'applications_mobile_idx',
  'applications_position_idx',
  'applications_queue_idx',
  'applications_register_idx',
  'applications_seen_badc_idx',
  'applications_seen_chairman_idx',
  'applications_seen_uno_idx',
  'applications_stage_since_idx',
  'archive_files_public_idx',
  'audit_log_action_idx',
  'audit_log_at_idx',
  'audit_log_entity_idx',
  'complaints_list_idx',
  'contact_messages_created_idx',
  'content_images_gallery_idx',
  'copy_requests_list_idx',
  'field_visits_position_idx',
  'notices_published_idx',
  'resolutions_created_idx',
  'sms_outbox_created_idx',
];

const APP_ROLE = 'portal_app';
/** The office set of the transaction, as the policies read it: none set, no office. */
const OFFICE_SET = `string_to_array(nullif(current_setting('app.office_ids', true), ''), ',')::int[]`;

export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`CREATE TABLE offices (
    id serial PRIMARY KEY,
    upazila_id integer UNIQUE REFERENCES upazilas(id),
    name_bn text NOT NULL CHECK (char_length(btrim(name_bn)) BETWEEN 1 AND 120),
    name_en text NOT NULL CHECK (char_length(btrim(name_en)) BETWEEN 1 AND 120),
    host text UNIQUE CHECK (host = lower(host) AND host ~ '^[a-z0-9.-]+$'),
    code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9-]{2,40}$'),
    opened_at timestamptz NOT NULL DEFAULT now(),
    closed_at timestamptz
  )`);
  await openFirstOffice(db);

  for (const table of OFFICE_TABLES) {
    // Existing rows are office 1's (a constant default fills them without rewriting the table);
    // from now on a row is the office of the transaction that writes it.
    await run(`ALTER TABLE ${table} ADD COLUMN office_id integer NOT NULL DEFAULT 1 REFERENCES offices(id)`);
    await run(
      `ALTER TABLE ${table} ALTER COLUMN office_id SET DEFAULT nullif(current_setting('app.office_id', true), '')::int`,
    );
  }
  for (const [table, name, columns] of PER_OFFICE_UNIQUE) {
    await run(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
    await run(`ALTER TABLE ${table} ADD CONSTRAINT ${name} UNIQUE (office_id, ${columns})`);
  }
  for (const [table, name, columns] of PER_OFFICE_PRIMARY) {
    await run(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
    await run(`ALTER TABLE ${table} ADD CONSTRAINT ${name} PRIMARY KEY (office_id, ${columns})`);
  }
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = 'public' AND indexname = ANY(${OFFICE_FIRST_INDEXES})`.execute(db);
  if (indexes.rows.length !== OFFICE_FIRST_INDEXES.length) throw new Error('offices migration: an index is missing');
  for (const { indexname, indexdef } of indexes.rows) {
    await run(`DROP INDEX ${indexname}`);
    await run(indexdef.replace(' USING btree (', ' USING btree (office_id, '));
  }

  // The role the server's transactions run as. Roles belong to the whole PostgreSQL cluster, so
  // another database of the same cluster (tests, a second deployment) may have made it already.
  await run(`DO $$ BEGIN
    CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END $$`);
  await run(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
  await run(
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ${[...OFFICE_TABLES, ...NATIONAL_WRITTEN].join(', ')} TO ${APP_ROLE}`,
  );
  await run(`GRANT SELECT ON ${NATIONAL_READ.join(', ')} TO ${APP_ROLE}`);
  await run(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
  // Tables and sequences of later migrations (run by the same owner) are the server's to use too;
  // the row-level security check (server/src/modules/offices/row-security.test.ts) makes sure an office
  // table among them gets its policy.
  await run(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`);
  await run(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${APP_ROLE}`);

  for (const table of OFFICE_TABLES) {
    await run(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
    await run(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
    await run(
      `CREATE POLICY office_wall ON ${table} USING (office_id = ANY (${OFFICE_SET})) WITH CHECK (office_id = ANY (${OFFICE_SET}))`,
    );
  }
}

/**
 * Office 1 is the deployment being upgraded: named after the upazila its settings give (matched
 * against the country's list by its Bangla or English name, within the settings' district when
 * one is given), else after the settings' own words; a new, empty deployment gets the same office,
 * which its Admin names in the settings.
 */
async function openFirstOffice(db: Kysely<any>): Promise<void> {
  const settings = await sql<{ upazila: string | null; district: string | null }>`
    SELECT nullif(btrim(data->>'address'), '') AS upazila, nullif(btrim(data->>'jilla'), '') AS district
    FROM site_settings WHERE id = 1`.execute(db);
  const upazila = settings.rows[0]?.upazila?.normalize('NFC') ?? null;
  const district = settings.rows[0]?.district?.normalize('NFC') ?? null;
  const match = upazila
    ? await sql<{ id: number; name_bn: string; name_en: string; website: string | null }>`
        SELECT u.id, u.name_bn, u.name_en, u.website FROM upazilas u JOIN districts d ON d.id = u.district_id
        WHERE (u.name_bn = ${upazila} OR lower(u.name_en) = lower(${upazila}))
          AND (${district}::text IS NULL OR d.name_bn = ${district} OR lower(d.name_en) = lower(${district}))
        ORDER BY u.id`.execute(db)
    : { rows: [] };
  // Two upazilas of the same name and no district to tell them apart: keep the settings' words.
  const found = match.rows.length === 1 ? match.rows[0]! : null;
  await db
    .insertInto('offices')
    .values({
      id: 1,
      upazila_id: found?.id ?? null,
      name_bn: found?.name_bn ?? upazila ?? 'উপজেলা অফিস',
      name_en: found?.name_en ?? (upazila && /^[\x20-\x7e]+$/.test(upazila) ? upazila : 'Upazila office'),
      host: found?.website?.toLowerCase() ?? null,
      code: found ? `u${found.id}` : 'office-1',
    })
    .execute();
  await sql`SELECT setval('offices_id_seq', 1)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const table of OFFICE_TABLES) {
    await run(`DROP POLICY office_wall ON ${table}`);
    await run(`ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`);
    await run(`ALTER TABLE ${table} DISABLE ROW LEVEL SECURITY`);
  }
  for (const [table, name, columns] of PER_OFFICE_PRIMARY) {
    await run(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
    await run(`ALTER TABLE ${table} ADD CONSTRAINT ${name} PRIMARY KEY (${columns})`);
  }
  for (const [table, name, columns] of PER_OFFICE_UNIQUE) {
    await run(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
    await run(`ALTER TABLE ${table} ADD CONSTRAINT ${name} UNIQUE (${columns})`);
  }
  // Dropping the column drops the rebuilt indexes with it; the one-office indexes come back as before.
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = 'public' AND indexname = ANY(${OFFICE_FIRST_INDEXES})`.execute(db);
  for (const table of OFFICE_TABLES) await run(`ALTER TABLE ${table} DROP COLUMN office_id`);
  for (const { indexdef } of indexes.rows) await run(indexdef.replace(' USING btree (office_id, ', ' USING btree ('));
  await run(`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM ${APP_ROLE}`);
  await run(`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM ${APP_ROLE}`);
  await run(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${APP_ROLE}`);
  await run(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${APP_ROLE}`);
  await run(`REVOKE ALL ON SCHEMA public FROM ${APP_ROLE}`);
  await run(`DROP TABLE offices`);
}
