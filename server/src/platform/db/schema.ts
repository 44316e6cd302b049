import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/**
 * Table types for Kysely, matching migrations/. Timestamps come back as Date, dates as
 * 'YYYY-MM-DD' strings (see database.ts), bigints as numbers.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = ColumnType<string, string, string>;

export interface SiteSettingsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: number;
  data: JSONColumnType<Record<string, unknown>>;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface LocalitiesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: Generated<number>;
  kind: 'union' | 'post';
  name: string;
  created_at: Timestamp;
}

export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  /** The officer's own name (docs/decisions/056-staff-names.md); null on accounts made before names. */
  display_name: string | null;
  password_hash: string;
  must_change_password: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StaffSessionsTable {
  id_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface RateLimitHitsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  at: Timestamp;
}

export interface BlobsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  bytes: Uint8Array;
  mime: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

/** No 'Suspend': a suspended licence is the licence's own status (migration 20261123-09). */
export type Stage =
  'StepOne' | 'StepTwo' | 'StepThree' | 'Pending' | 'Approvable' | 'NotApprovable' | 'Approved' | 'Decline';

export interface ApplicationsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  application_number: Generated<number>;
  kind: 'New' | 'Existing' | 'Renew' | 'NameChange' | 'PlotChange' | 'Old';
  /** The licence a renewal or change request is about (migration 20261123-07). */
  licence_id: string | null;
  content_hash: string;
  intake_status: Generated<'receiving' | 'complete'>;
  fields: JSONColumnType<Record<string, unknown>>;
  file_manifest: JSONColumnType<unknown[]>;
  applicant_name: Generated<string>;
  father_name: Generated<string>;
  mobile: string;
  upazila: Generated<string>;
  village: Generated<string>;
  union_name: Generated<string>;
  mouza: Generated<string>;
  jl_number: Generated<string>;
  dag_number: Generated<string>;
  stage: Generated<Stage>;
  seen_chairman: Generated<boolean>;
  seen_uno: Generated<boolean>;
  seen_badc: Generated<boolean>;
  seen_pollibidut: Generated<boolean>;
  version: Generated<number>;
  checklist: JSONColumnType<{ ok: boolean; reason?: string }[]> | null;
  final_remarks: string | null;
  recheck_requested: Generated<boolean>;
  recheck_message: string | null;
  map_remarks: string | null;
  /** The well's position (migration 20261124-01); written only by server/src/modules/map/well-position.ts. */
  latitude: number | null;
  longitude: number | null;
  /** Whose position it is: an officer's recorded one wins over the applicant's (decision 028). */
  position_source: 'applicant' | 'officer' | null;
  submitted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Soft delete (migration 20261124-09, decision 037): a deleted application is in no list or count. */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
  delete_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it entered its stage (migration 20261124-17, decision 040); kept by a trigger, set by nobody else. */
  stage_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ApplicationFilesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  application_id: string;
  slot: string;
  blob_id: string;
  original_name: string | null;
  uploaded_by: number | null;
  uploaded_at: Timestamp;
}

export interface LicencesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  application_id: string;
  licence_number: Generated<number>;
  term_years: number;
  is_testing: boolean;
  issued_on: DateOnly;
  valid_from: DateOnly;
  valid_to: DateOnly;
  status: Generated<'active' | 'suspended'>;
  suspend_note: string | null;
  approver: JSONColumnType<Record<string, unknown>> | null;
  created_by: number | null;
  created_at: Timestamp;
  /** The licence's own holder and plot (migration 20261123-11); changed only by an approved change request. */
  holder_name: Generated<string>;
  dag_number: Generated<string>;
  version: Generated<number>;
}

/** A licence's name and plot history (migration 20261123-11). */
export interface LicenceChangesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: Generated<number>;
  licence_id: string;
  request_id: string | null;
  /** 'office': moved to another office, old office and number to new (migrations/20261128-10-licence-moves.ts). */
  field: 'holderName' | 'dagNumber' | 'office';
  from_value: string;
  to_value: string;
  at: Timestamp;
  by: number | null;
}

export interface LicencePeriodsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: Generated<number>;
  licence_id: string;
  valid_from: DateOnly;
  valid_to: DateOnly;
  created_at: Timestamp;
  issued_on: DateOnly;
  /** The renewal request that added this period (migration 20261123-11). */
  request_id: string | null;
}

export interface AuditLogTable {
  /**
   * The office the row belongs to: the transaction's office by default (db/office-scope.ts); null
   * for what a person did on the national address (migrations/20261128-07-national-audit.ts).
   */
  office_id: Generated<number | null>;
  id: Generated<number>;
  application_id: string | null;
  /** Licence actions are audited on the licence (migration 20261123-11). */
  licence_id: string | null;
  actor_user_id: number | null;
  actor_label: string;
  action: string;
  from_stage: string | null;
  to_stage: string | null;
  note: string | null;
  details: JSONColumnType<Record<string, unknown>> | null;
  at: Timestamp;
  /** Any other record a row is about, and its name at the time (migration 20261124-19, decision 041). */
  entity_type: string | null;
  entity_id: string | null;
  entity_label: string | null;
}

export interface IdempotencyKeysTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  key: string;
  scope: string;
  request_hash: string;
  response_status: number;
  response_body: JSONColumnType<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface OtpChallengesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  application_id: string | null;
  mobile: string;
  purpose: number;
  code_hash: string;
  wrong_tries: Generated<number>;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  created_at: Timestamp;
}

export interface CitizenGrantsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  token_hash: string;
  application_id: string;
  purpose: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface SmsOutboxTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: Generated<number>;
  dedupe_key: string | null;
  to_number: string;
  body: string;
  kind: string;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  gateway_reply: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface DB {
  site_settings: SiteSettingsTable;
  localities: LocalitiesTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  password_resets: PasswordResetsTable;
  rate_limit_hits: RateLimitHitsTable;
  blobs: BlobsTable;
  applications: ApplicationsTable;
  application_files: ApplicationFilesTable;
  licences: LicencesTable;
  licence_periods: LicencePeriodsTable;
  licence_changes: LicenceChangesTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeysTable;
  otp_challenges: OtpChallengesTable;
  citizen_grants: CitizenGrantsTable;
  sms_outbox: SmsOutboxTable;
}

// ---- Citizen services (migrations/20261121-11-services.ts) -------------------------------------

export interface ComplaintsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  reference_number: Generated<number>;
  content_hash: string;
  intake_status: Generated<'receiving' | 'complete'>;
  file_manifest: JSONColumnType<unknown[]>;
  name: string;
  mobile: string;
  status: Generated<'received' | 'in_progress' | 'resolved'>;
  status_note: Generated<string>;
  submitted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CopyRequestsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  reference_number: Generated<number>;
  content_hash: string;
  intake_status: Generated<'receiving' | 'complete'>;
  file_manifest: JSONColumnType<unknown[]>;
  licence_number: string;
  mobile: string;
  fee: string;
  app_type: 'lost' | 'destroyed';
  status: Generated<'received' | 'in_progress' | 'resolved'>;
  status_note: Generated<string>;
  submitted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ServiceFilesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  complaint_id: string | null;
  copy_request_id: string | null;
  slot: string;
  blob_id: string;
  original_name: string | null;
  uploaded_at: Timestamp;
}

export interface ContactMessagesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: Generated<number>;
  name: string;
  phone: string;
  message: string;
  created_at: Timestamp;
}

// Declaration merging: the services' tables join the DB interface above.
export interface DB {
  complaints: ComplaintsTable;
  copy_requests: CopyRequestsTable;
  service_files: ServiceFilesTable;
  contact_messages: ContactMessagesTable;
}

// ---- Public website content (migrations/20261121-10-content.ts; features/content) ----

export interface ContentImagesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  gallery: 'slider' | 'gallery' | 'geo';
  blob_id: string;
  width: number;
  height: number;
  created_by: number | null;
  created_at: Timestamp;
  /** A GEO item's place, all three null together (migrations/20261124-05-geo-item-positions.ts). */
  latitude: number | null;
  longitude: number | null;
  position_source: 'typed' | 'exif' | null;
}

export interface ImageVariantsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  blob_id: string;
  variant: 'thumb' | 'phone';
  bytes: Uint8Array;
  mime: 'image/webp';
  width: number;
  height: number;
  size: number;
}

export interface ArchiveFilesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  name: string;
  visibility: 'Public' | 'Private';
  blob_id: string;
  created_by: number | null;
  created_at: Timestamp;
}

export interface NoticesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  title: string;
  description_html: string;
  blob_id: string | null;
  published_at: Timestamp;
  created_by: number | null;
}

export interface ContentPagesTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  slug: 'policies' | 'application-instruction' | 'about-us';
  title: string;
  html: string;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface ContentRecordsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  key: 'video-gallery';
  data: JSONColumnType<Record<string, unknown>>;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** Declaration merging adds the content tables to DB without touching the lines above. */
export interface DB {
  content_images: ContentImagesTable;
  image_variants: ImageVariantsTable;
  archive_files: ArchiveFilesTable;
  notices: NoticesTable;
  content_pages: ContentPagesTable;
  content_records: ContentRecordsTable;
}

// ---- Browsers a staff account signed in from (migrations/20261123-03-staff-devices.ts; features/auth) ----

export interface StaffDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface DB {
  staff_devices: StaffDevicesTable;
}

// ---- Field visits (migrations/20261124-03-field-visits.ts; server/src/modules/visits owns both) ----

export interface FieldVisitsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: string;
  application_id: string;
  officer_id: number;
  visited_at: Timestamp;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  checklist: JSONColumnType<{ ok: boolean; reason?: string }[]> | null;
  notes: string | null;
  decision: string;
  photo_count: number;
  content_hash: string;
  status: Generated<'receiving' | 'complete'>;
  created_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface FieldVisitPhotosTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  visit_id: string;
  photo_index: number;
  sha256: string;
  mime: string;
  size: number;
  taken_at: Timestamp;
  latitude: number | null;
  longitude: number | null;
  blob_id: string | null;
  received_at: Timestamp | null;
}

export interface DB {
  field_visits: FieldVisitsTable;
  field_visit_photos: FieldVisitPhotosTable;
}

// ---- Resolutions (migrations/20261124-07-resolutions.ts; features/resolutions owns it) ----

export interface ResolutionsTable {
  /** The office the row belongs to: the transaction's office by default (db/office-scope.ts). */
  office_id: Generated<number>;
  id: Generated<number>;
  title: string;
  range_from: number;
  range_to: number;
  /** Sanitised on the server before it is stored (docs/decisions/007-rich-text-and-images.md). */
  html: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface DB {
  resolutions: ResolutionsTable;
}

// ---- The country's administrative units (migrations/20261127-02-admin-units.ts; docs/decisions/057-offices.md) ----

export interface DivisionsTable {
  id: number;
  name_en: string;
  name_bn: string;
  website: string | null;
}

export interface DistrictsTable {
  id: number;
  division_id: number;
  name_en: string;
  name_bn: string;
  /** The Deputy Commissioner's office: a default map centre for the district's offices. */
  lat: number;
  lon: number;
  website: string | null;
}

export interface UpazilasTable {
  id: number;
  district_id: number;
  name_en: string;
  name_bn: string;
  /** The address the government's portal framework gives it (`<upazila>.<district>.gov.bd`). */
  website: string | null;
}

export interface DB {
  divisions: DivisionsTable;
  districts: DistrictsTable;
  upazilas: UpazilasTable;
}

// ---- Offices (migrations/20261128-01-offices.ts) ----
export interface OfficesTable {
  id: Generated<number>;
  upazila_id: number | null;
  name_bn: string;
  name_en: string;
  /** The public address the office answers on (`<upazila>.<district>.gov.bd` by default). */
  host: string | null;
  /** A short Latin code printed with the office's numbers. */
  code: string;
  opened_at: Generated<Timestamp>;
  closed_at: Timestamp | null;
}

export interface DB {
  offices: OfficesTable;
}

/** A person's role in one office (migrations/20261128-02-staff-roles.ts); null: a member with no role (blocked). */
export interface StaffRolesTable {
  office_id: Generated<number>;
  user_id: number;
  role: 'Admin' | 'Chairman' | 'UNO' | 'BADC' | 'Pollibidut' | null;
}

export interface DB {
  staff_roles: StaffRolesTable;
}

/** Each office's last application, licence, complaint and copy-request number (migrations/20261128-04-office-counters.ts). */
export interface OfficeCountersTable {
  office_id: Generated<number>;
  counter: 'application' | 'licence' | 'complaint' | 'copy_request';
  last_value: number;
}

export interface DB {
  office_counters: OfficeCountersTable;
}

/** A person's role over an area (migrations/20261128-06-area-roles.ts). */
export interface AreaRolesTable {
  user_id: number;
  role: 'NationalAdmin' | 'DivisionViewer' | 'DistrictViewer';
  division_id: number | null;
  district_id: number | null;
  granted_at: Generated<Timestamp>;
}

export interface DB {
  area_roles: AreaRolesTable;
}

/** Where a moved licence went (migrations/20261128-10-licence-moves.ts): national, office ids and numbers only. */
export interface LicenceMovesTable {
  from_office_id: number;
  from_number: ColumnType<number, number, never>;
  to_office_id: number;
  to_number: ColumnType<number, number, never>;
  move_key: string;
  moved_by: number | null;
  moved_at: Timestamp;
}

export interface DB {
  licence_moves: LicenceMovesTable;
}
