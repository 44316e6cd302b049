/**
 * Business constants from section 9 of the three spec documents (public side, back office,
 * review workflow). One place for every number the rules depend on.
 */

/** Each uploaded file: 1,500,000 bytes (the legacy alerts wrongly said "1 MB"; spec README defect 7). */
export const MAX_FILE_BYTES = 1_500_000;
/** Accepted upload types, decided by the bytes on the server (not by the extension). */
export const ACCEPTED_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AcceptedFileType = (typeof ACCEPTED_FILE_TYPES)[number];
export const IMAGE_FILE_TYPES: readonly AcceptedFileType[] = ['image/jpeg', 'image/png', 'image/webp'];
/** What the file input offers; the server still sniffs the bytes. */
export const ACCEPT_ATTRIBUTE = '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf';
export const ACCEPT_IMAGE_ATTRIBUTE = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

export const WELL_CLASSES = ['deep', 'shallow'] as const;
export type WellClass = (typeof WELL_CLASSES)[number];

export const PUMP_TYPES = ['electric', 'solar', 'diesel'] as const;
export type PumpType = (typeof PUMP_TYPES)[number];

/** Well size in cusec with horse-power band and command-area radius (spec 3 §9). */
export const WELL_SIZES = [
  { value: '0.5', horse: '3-5', commandMetres: 125, commandFeet: 410 },
  { value: '1.0', horse: '6-12', commandMetres: 175, commandFeet: 574 },
  { value: '1.5', horse: '13-20', commandMetres: 275, commandFeet: 902 },
  { value: '2.0', horse: '21-30', commandMetres: 375, commandFeet: 1230 },
] as const;
export type WellSize = (typeof WELL_SIZES)[number]['value'];
export const WELL_SIZE_VALUES = WELL_SIZES.map((s) => s.value) as unknown as readonly [WellSize, ...WellSize[]];

export const PAGE_SIZES = [5, 10, 20, 50, 100, 200, 500] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** Licence term in years; 1 year is a testing licence (spec 3 §4). */
export const LICENCE_TERMS = [3, 2, 1] as const;
export type LicenceTerm = (typeof LICENCE_TERMS)[number];
export const DEFAULT_LICENCE_TERM: LicenceTerm = 3;
export const TESTING_LICENCE_TERM = 1;
export const REACTIVATION_DEFAULT_YEARS = 3;
/** Rows in the validity table on the back of the certificate. */
export const LICENCE_VALIDITY_ROWS = 6;
export const LICENCE_CONDITIONS_COUNT = 5;

/** Verification purposes: /verification/1..6 (spec 1 §2). */
export const VERIFICATION_PURPOSES = [1, 2, 3, 4, 5, 6] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/** One-time code rules (docs/decisions/018-service-targets.md). */
export const OTP = {
  digits: 6,
  ttlSeconds: 10 * 60,
  maxWrongTries: 5,
  /** Per number: kept per (mobile, application number) pair, so a made-up number spends its own (decision 015). */
  sendsPerNumberPer15Min: 3,
  sendsPerNumberPerDay: 10,
  sendsPerAddressPer15Min: 10,
  sendsPerAddressPerDay: 50,
  /** How long a verified grant lets the citizen act on that one application. */
  grantTtlSeconds: 30 * 60,
} as const;

/**
 * Limits on citizen intake (docs/decisions/015-abuse-limits-and-exports.md). Only a NEW submission
 * counts (the outbox's repeat of the same clientId never does); applications, complaints and copy
 * requests share one budget per address. Room for an office computer or a union digital centre
 * filing for many farmers from one address.
 */
export const INTAKE_LIMITS = {
  newPerAddressPerHour: 20,
  newPerAddressPerDay: 100,
  /** "Application received" texts to one mobile number in 24 hours; beyond it the application is still accepted, untexted. */
  receivedTextsPerNumberPerDay: 3,
} as const;

export const STAFF_ROLES = ['Admin', 'Chairman', 'UNO', 'BADC', 'Pollibidut'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Roles over an area rather than in one office (docs/decisions/057-offices.md, step 4): the national
 * administrator, who opens and names offices, and the read-only viewers of a district or a division.
 */
export const AREA_ROLES = ['NationalAdmin', 'DivisionViewer', 'DistrictViewer'] as const;
export type AreaRole = (typeof AREA_ROLES)[number];

/**
 * Staff passwords, counted in characters (Unicode code points, `passwordLength`): at least 15 for a
 * password used alone (NIST SP 800-63B-4; docs/decisions/018-service-targets.md), no composition rules (decision 014).
 * The texts 'auth.password.tooShort' and 'staff.passwordHint' say this number.
 */
export const PASSWORD_MIN = 15;
export const PASSWORD_MAX = 128;
/** An officer's own name, as greeted and shown beside their work (docs/decisions/056-staff-names.md). */
export const STAFF_NAME_MAX = 80;

export const SESSION = {
  idleSeconds: 8 * 60 * 60,
  absoluteSeconds: 7 * 24 * 60 * 60,
  cookieName: 'portal_session',
} as const;
export const CITIZEN_GRANT_COOKIE = 'portal_grant';

/** Idempotency records are kept at least this long (docs/decisions/018-service-targets.md). */
export const IDEMPOTENCY_RETENTION_DAYS = 30;
/** A citizen may open the print page of a fresh submission by its id for this long without a code. */
export const PRINT_CAPABILITY_DAYS = 30;

export const SMS_SUCCESS_PREFIX = 'Ok';
