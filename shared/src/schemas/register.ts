import { z } from 'zod';
import { toLatinDigits } from '../i18n/digits.js';
import { STORED_KINDS, type StoredKind } from '../kinds/slots.js';
import { isoDateSchema, listQueryShape, requiredText } from './fields.js';
import { STAGES, stageSchema, type Stage } from './settings.js';

/**
 * The office's register (spec 2 §2 "Application lists"; docs/decisions/037-register-lists-and-exports.md):
 * the four all-application lists of BADC and the Admin, their CSV exports, the per-row text message
 * and the soft delete. Every list is paged, searched, sorted and filtered by the server.
 */

/** The four lists, by what they hold. */
export const REGISTER_LISTS = ['new', 'old', 'change', 'renew'] as const;
export type RegisterList = (typeof REGISTER_LISTS)[number];

/**
 * The kinds each list holds. "new" is every application for a new licence, filed as a new well or
 * an existing one; "old" the historic records the office entered; "change" name and plot changes.
 */
export const REGISTER_KINDS: Record<RegisterList, readonly StoredKind[]> = {
  new: ['New', 'Existing'],
  old: ['Old'],
  change: ['NameChange', 'PlotChange'],
  renew: ['Renew'],
};

/** The legacy paths under /admin-page (spec 2 §2, BADC's menu). */
export const REGISTER_PATHS: Record<RegisterList, string> = {
  new: 'all-application',
  old: 'all-application2',
  change: 'all-application3',
  renew: 'all-application4',
};

/** The export's file names (spec 2 §9; the new list's follows the same pattern). */
export const REGISTER_CSV_FILES: Record<RegisterList, string> = {
  new: 'new_applicant_data.csv',
  old: 'old_applicant_data.csv',
  change: 'change_applicant_data.csv',
  renew: 'renew_applicant_data.csv',
};

/** Deleted applications may be restored by the Admin for this many days (issue 10). */
export const RESTORE_DAYS = 30;

/**
 * A per-row text message: at most this many characters, five parts of a Bangla (UCS-2) message,
 * so one press never turns into a long, costly chain of texts.
 */
export const REGISTER_SMS_MAX = 300;

export const REGISTER_SORTS = [
  'applicationNumber',
  'kind',
  'applicantName',
  'fatherName',
  'mobile',
  'village',
  'union',
  'mouza',
  'submittedAt',
  'stage',
  'deletedAt',
] as const;
export type RegisterSort = (typeof REGISTER_SORTS)[number];

/** An empty field of a filter form means "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** The filters of a list and of its export (the export takes the same, without paging). */
const filterShape = {
  q: optional(z.string().trim().max(100).transform(toLatinDigits)),
  kind: optional(z.enum(STORED_KINDS, { error: 'register.v.kind' })),
  stage: optional(stageSchema),
  union: optional(z.string().trim().max(100)),
  /** Submitted on or after this Dhaka date, and on or before `to`. */
  from: optional(isoDateSchema),
  to: optional(isoDateSchema),
  /** The deleted applications instead of the live ones (the Admin's, to restore them). */
  deleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
};
const fromBeforeTo: [
  (f: { from?: string | undefined; to?: string | undefined }) => boolean,
  { error: string; path: string[] },
] = [(f) => !f.from || !f.to || f.from <= f.to, { error: 'register.v.range', path: ['to'] }];

export const registerFilterSchema = z.object(filterShape).refine(...fromBeforeTo);
export type RegisterFilter = z.output<typeof registerFilterSchema>;

export const registerQuerySchema = z
  .object({
    page: listQueryShape.page,
    pageSize: listQueryShape.pageSize,
    sort: z.enum(REGISTER_SORTS).default('submittedAt'),
    dir: listQueryShape.dir,
    ...filterShape,
  })
  .refine(...fromBeforeTo);
export type RegisterQuery = z.output<typeof registerQuerySchema>;

export const registerRowSchema = z.object({
  id: z.string().uuid(),
  applicationNumber: z.number().int(),
  kind: z.enum(STORED_KINDS),
  applicantName: z.string(),
  fatherName: z.string(),
  mobile: z.string(),
  village: z.string(),
  union: z.string(),
  mouza: z.string(),
  dagNumber: z.string(),
  submittedAt: z.string().nullable(),
  stage: stageSchema,
  /** The licence it issued (new, old) or the one it is about (renewal, change). */
  licenceNumber: z.number().int().nullable(),
  /** Only on the deleted filter: when, by whom (e-mail), why, and until when it may be restored. */
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
  deleteReason: z.string().nullable(),
  restorableUntil: z.string().nullable(),
});
export type RegisterRow = z.infer<typeof registerRowSchema>;

export const registerPageSchema = z.object({
  rows: z.array(registerRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * The list's counts under the same search and filters, stage aside: how many at each stage, and
   * how many deleted (for a role that may restore them; null otherwise).
   */
  counters: z.object({
    total: z.number().int(),
    byStage: z.record(z.enum(STAGES), z.number().int()),
    deleted: z.number().int().nullable(),
  }),
});
export type RegisterPage = z.infer<typeof registerPageSchema>;

/** Empty counts of every stage, for a list with nothing in it. */
export const emptyStageCounts = (): Record<Stage, number> =>
  Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;

/**
 * POST /api/staff/register/applications/{id}/sms. The message is checked by the server (empty or
 * over REGISTER_SMS_MAX: 422 with a Bangla reason); `clientMessageId`, made on the page, makes a
 * second press or a retry after a lost answer queue nothing twice.
 */
export const registerSmsSchema = z.object({
  message: z.string({ error: 'v.required' }).max(5000, { error: 'v.tooLong' }),
  clientMessageId: z.string().uuid(),
});
export type RegisterSmsRequest = z.input<typeof registerSmsSchema>;
export const registerSmsResponseSchema = z.object({ queued: z.boolean(), to: z.string() });

export const registerDeleteSchema = z.object({ reason: requiredText(500) });
export type RegisterDeleteRequest = z.input<typeof registerDeleteSchema>;
export const registerDeleteResponseSchema = z.object({
  id: z.string().uuid(),
  applicationNumber: z.number().int(),
  deletedAt: z.string().nullable(),
});
