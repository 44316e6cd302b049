import { z } from 'zod';
import type { MessageKey } from './i18n/index.js';

/**
 * The one catalogue of error codes (docs/decisions/018-service-targets.md habit 6). The server answers every
 * failure as `{ error: { code, message, messageEn, fields? } }` with the status below; the client
 * shows `message` (Bangla) and never a stack trace.
 */
export const PROBLEMS = {
  VALIDATION: 400,
  BAD_JSON: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CROSS_SITE_REQUEST: 403,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** The national address serves no office's API: the caller picks an office first (decision 057). */
  OFFICE_NOT_CHOSEN: 404,
  STALE_STATE: 409,
  ACTION_NOT_ALLOWED: 409,
  IDEMPOTENCY_CONFLICT: 409,
  OFFICER_MISMATCH: 403,
  FILE_TOO_LARGE: 413,
  FILE_TYPE: 415,
  FILE_MUST_BE_IMAGE: 415,
  IMAGE_UNREADABLE: 422,
  PDF_UNREADABLE: 422,
  FILE_EMPTY: 400,
  FILES_CLOSED: 409,
  /**
   * The bytes are not the ones the manifest declared (decision 030). 422, not 409: the phone's
   * outbox reads a 409 on a file as "finished meanwhile, ask again" and would resend forever.
   */
  FILE_HASH_MISMATCH: 422,
  RATE_LIMITED: 429,
  /** Too many new submissions from one address (decision 015); the phone keeps the item and retries. */
  SUBMISSIONS_LIMITED: 429,
  OTP_WRONG: 400,
  OTP_EXPIRED: 410,
  OTP_LOCKED: 429,
  VERIFICATION_REQUIRED: 401,
  APPLICATIONS_CLOSED: 403,
  LOGIN_FAILED: 401,
  ACCOUNT_NO_ROLE: 403,
  /** A one-time or too-short password: only the password change and sign-out work until it is changed (decision 014). */
  PASSWORD_CHANGE_REQUIRED: 403,
  WEAK_PASSWORD: 400,
  RESET_TOKEN_INVALID: 400,
  LICENCE_NOT_READY: 409,
  /** A renewal names a licence that does not exist for that mobile, or cannot be renewed (decision 023). */
  LICENCE_NOT_RENEWABLE: 422,
  /** Amendment by the applicant (decision 025): only while BADC asks for a recheck, only documents marked No. */
  RECHECK_CLOSED: 409,
  AMEND_FILE_NOT_MARKED: 409,
  /** The consent letter (decision 025): none from the office yet, or the application is decided. */
  CONSENT_FORM_MISSING: 409,
  CONSENT_CLOSED: 409,
  LICENCE_OFFLINE_ONLY: 403,
  /** The register's per-row text (decision 037): empty, or longer than REGISTER_SMS_MAX. */
  SMS_TEXT_INVALID: 422,
  /** A deleted application may be restored for 30 days only (decision 037). */
  RESTORE_EXPIRED: 409,
  /** A GEO database item's place outside Bangladesh (decision 034): well formed, but not a place the portal maps. */
  GEO_OUTSIDE_BANGLADESH: 422,
  /** Old records (decision 039): the entry is open only while others1 is ON; each licence number once. */
  OLD_RECORDS_CLOSED: 404,
  LICENCE_NUMBER_TAKEN: 409,
  /** A CSV import with a bad row imports nothing; `report` says row by row what is wrong. */
  IMPORT_ROWS_INVALID: 422,
  IMPORT_TOO_MANY_ROWS: 413,
  CSV_UNREADABLE: 400,
  /** A resolution's range of application numbers that is not one (decision 036): from after to, or too wide. */
  RESOLUTION_RANGE: 422,
  INTERNAL: 500,
} as const satisfies Record<string, number>;

export type ProblemCode = keyof typeof PROBLEMS;
export const problemCodeSchema = z.enum(Object.keys(PROBLEMS) as [ProblemCode, ...ProblemCode[]]);

export function problemMessageKey(code: ProblemCode): MessageKey {
  return `problem.${code}` as MessageKey;
}

export const problemBodySchema = z.object({
  error: z.object({
    code: problemCodeSchema,
    message: z.string(),
    messageEn: z.string(),
    /** Per-field messages (Bangla), keyed by the field's path, for validation problems. */
    fields: z.record(z.string(), z.string()).optional(),
    /** For STALE_STATE: the state the server has now, so the client can show the conflict. */
    current: z.unknown().optional(),
    /** For rate limits: seconds until another try is allowed. */
    retryAfterSeconds: z.number().optional(),
    /** For IMPORT_ROWS_INVALID: the row-by-row report of the dry run (decision 039). */
    report: z.unknown().optional(),
  }),
});
export type ProblemBody = z.infer<typeof problemBodySchema>;
