import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LICENCE_TERMS, PAGE_SIZES } from '../constants.js';
import { toLatinDigits } from '../i18n/digits.js';
import { ACTIONS } from '../workflow/types.js';
import { stageSchema } from './settings.js';
import { storedFileSchema } from './files.js';
import {
  isoDateSchema,
  latitudeSchema,
  longitudeSchema,
  geoInput,
  pageNumberSchema,
  requiredText,
  optionalText,
} from './fields.js';

/** Query of every list (spec 3 §2): page size 5..500 (default 20), search, sort, pages; done by the database. */
export const listQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(DEFAULT_PAGE_SIZE),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? toLatinDigits(v) : undefined)),
  sort: z
    .enum([
      'applicationNumber',
      'applicantName',
      'mobile',
      'village',
      'union',
      'mouza',
      'submittedAt',
      'licenceNumber',
      'validTo',
    ])
    .default('submittedAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type ListQuery = z.input<typeof listQuerySchema>;
/** The query after parsing (defaults filled, digits Latin), as the server uses it. */
export type ParsedListQuery = z.output<typeof listQuerySchema>;

export const queueRowSchema = z.object({
  id: z.string().uuid(),
  applicationNumber: z.number().int(),
  kind: z.string(),
  applicantName: z.string(),
  fatherName: z.string(),
  mobile: z.string(),
  upazila: z.string(),
  village: z.string(),
  union: z.string(),
  mouza: z.string(),
  jlNumber: z.string(),
  dagNumber: z.string(),
  submittedAt: z.string().nullable(),
  stage: stageSchema,
  finalRemarks: z.string().nullable(),
  licenceNumber: z.number().int().nullable(),
  validTo: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type QueueRow = z.infer<typeof queueRowSchema>;

export const queuePageSchema = z.object({
  rows: z.array(queueRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Seen and unseen counts of the signed-in role's new-application lists. */
  counters: z.object({ seen: z.number().int(), unseen: z.number().int() }),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

/** One checklist answer; "no" needs a reason (spec 3 §5). Item 7 only for the existing-pump type. */
export const checklistItemSchema = z
  .object({ ok: z.boolean({ error: 'v.choose' }), reason: optionalText(1000) })
  .refine((i) => i.ok || !!i.reason, { error: 'review.v.reasonOnNo', path: ['reason'] });
export const checklistSchema = z.array(checklistItemSchema).min(6).max(7);
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

const geo = { latitude: geoInput(latitudeSchema), longitude: geoInput(longitudeSchema) };

/** A validity period typed by the officer (spec 3 §5): the end must come after the start. */
const periodShape = { validFrom: isoDateSchema, validTo: isoDateSchema };
const endsAfterStart: [(v: { validFrom: string; validTo: string }) => boolean, { error: string; path: string[] }] = [
  (v) => v.validTo > v.validFrom,
  { error: 'review.v.validTo', path: ['validTo'] },
];

/** The payload of each action (shared/src/workflow/types.ts ACTIONS). */
export const actionPayloadSchemas = {
  forward: z.object({}),
  inspect: z.object({ checklist: checklistSchema, finalRemarks: optionalText(2000), ...geo }),
  // A recheck request is texted to the applicant, so ON needs the message that tells them what to fix.
  requestRecheck: z
    .object({ on: z.boolean({ error: 'v.choose' }), message: optionalText(1000) })
    .refine((r) => !r.on || !!r.message, { error: 'review.v.recheckMessage', path: ['message'] }),
  decideFirst: z.object({ approvable: z.boolean({ error: 'v.choose' }), reason: optionalText(2000) }),
  updateFinal: z.object({ approvable: z.boolean().optional(), remarks: optionalText(2000), ...geo }),
  approve: z
    .object({
      termYears: z.union(
        LICENCE_TERMS.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<3>, z.ZodLiteral<2>, z.ZodLiteral<1>],
        {
          error: 'v.choose',
        },
      ),
      issuedOn: isoDateSchema,
      ...periodShape,
    })
    .refine(...endsAfterStart),
  decline: z.object({ reason: requiredText(2000) }),
  suspend: z.object({ note: requiredText(1000) }),
  reactivate: z.object(periodShape).refine(...endsAfterStart),
  confirmTesting: z.object({}),
  override: z.object({ toStage: stageSchema, reason: requiredText(1000) }),
} as const;
/** The parsed payload of one action, as the pipeline and the server see it. */
export type ActionPayload<A extends keyof typeof actionPayloadSchemas> = z.output<(typeof actionPayloadSchemas)[A]>;

/**
 * POST /api/staff/applications/:id/actions. `version` is the one the officer saw (409 STALE_STATE
 * with the current state otherwise); `clientActionId` makes an offline-queued decision idempotent.
 * `officerId` is the staff id of the officer who made the decision: a decision queued on a shared
 * device is refused (403 OFFICER_MISMATCH) under anyone else's session
 * (docs/decisions/012-offline-queue-truth.md). The portal's client always sends it; a request
 * without it is taken as made now by the signed-in officer.
 */
export const actionRequestSchema = z.discriminatedUnion('action', [
  ...(ACTIONS.map((a) =>
    z.object({
      action: z.literal(a),
      version: z.number().int(),
      clientActionId: z.string().uuid(),
      officerId: z.number().int().positive().optional(),
      payload: actionPayloadSchemas[a],
    }),
  ) as unknown as [z.ZodObject<{ action: z.ZodLiteral<string> }>, ...z.ZodObject<{ action: z.ZodLiteral<string> }>[]]),
]);
export type ActionRequest = {
  [A in keyof typeof actionPayloadSchemas]: {
    action: A;
    version: number;
    clientActionId: string;
    officerId?: number;
    payload: z.input<(typeof actionPayloadSchemas)[A]>;
  };
}[keyof typeof actionPayloadSchemas];

/** The request after parsing, as the server applies it. */
export type ParsedActionRequest = {
  [A in keyof typeof actionPayloadSchemas]: {
    action: A;
    version: number;
    clientActionId: string;
    officerId?: number;
    payload: ActionPayload<A>;
  };
}[keyof typeof actionPayloadSchemas];

export const forwardAllRequestSchema = z.object({ clientActionId: z.string().uuid() });
export const forwardAllResponseSchema = z.object({ forwarded: z.number().int() });

export const auditEntrySchema = z.object({
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
  note: z.string().nullable(),
});

export const licenceSummarySchema = z.object({
  licenceNumber: z.number().int(),
  termYears: z.number().int(),
  isTesting: z.boolean(),
  issuedOn: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.enum(['active', 'suspended']),
  suspendNote: z.string().nullable(),
});

/** GET /api/staff/applications/:id — everything a detail screen shows, and what this role may do now. */
export const applicationDetailSchema = z.object({
  id: z.string().uuid(),
  applicationNumber: z.number().int(),
  kind: z.string(),
  stage: stageSchema,
  seen: z.object({ chairman: z.boolean(), uno: z.boolean(), badc: z.boolean() }),
  version: z.number().int(),
  submittedAt: z.string().nullable(),
  intakeStatus: z.enum(['receiving', 'complete']),
  fields: z.record(z.string(), z.unknown()),
  files: z.array(storedFileSchema.extend({ url: z.string() })),
  checklist: checklistSchema.nullable(),
  finalRemarks: z.string().nullable(),
  recheck: z.object({ requested: z.boolean(), message: z.string().nullable() }),
  licence: licenceSummarySchema.nullable(),
  audit: z.array(auditEntrySchema),
  allowedActions: z.array(z.enum(ACTIONS)),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;
