import { z } from 'zod';
import { LICENCE_TERMS } from '../constants.js';
import { STORED_KINDS } from '../kinds/slots.js';
import { LICENCE_STATUSES } from '../workflow/licence.js';
import { ACTIONS } from '../workflow/types.js';
import { stageSchema } from './settings.js';
import { auditChangeSchema, auditFactSchema } from './audit.js';
import { storedFileSchema } from './files.js';
import { stageDeadlineSchema } from './deadlines.js';
import {
  isoDateSchema,
  latitudeSchema,
  longitudeSchema,
  geoInput,
  listQueryShape,
  requiredText,
  optionalText,
} from './fields.js';

/** Query of every list (spec 3 §2): page size 5..500 (default 20), search, sort, pages; done by the database. */
export const listQuerySchema = z.object({
  ...listQueryShape,
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
      // The day the request entered its stage: ascending lists the longest-waiting first (decision 040).
      'stageSince',
    ])
    .default('submittedAt'),
});
export type ListQuery = z.input<typeof listQuerySchema>;
/** The query after parsing (defaults filled, digits Latin), as the server uses it. */
export type ParsedListQuery = z.output<typeof listQuerySchema>;

/**
 * One row of a list. `id` is the application (the request, or on a licence list the application
 * that issued the licence); the licence columns are the licence's own: the one issued (New,
 * Existing), the one a renewal or change is about, or the listed licence itself.
 */
export const queueRowSchema = z.object({
  id: z.string().uuid(),
  applicationNumber: z.number().int(),
  kind: z.enum(STORED_KINDS),
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
  licenceId: z.string().uuid().nullable(),
  licenceNumber: z.number().int().nullable(),
  /** The licence's holder name (a name change approved later shows here, not in applicantName). */
  holderName: z.string().nullable(),
  licenceStatus: z.enum(LICENCE_STATUSES).nullable(),
  /** The version a licence action must carry (POST /api/staff/licences/{licenceId}/actions). */
  licenceVersion: z.number().int().nullable(),
  validTo: z.string().nullable(),
  /** Renewal lists (spec 3 §2): the deposited fee and the receipt number from the form. */
  applicationFee: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Its age in its stage against the stage's target; null at a final stage (decision 040). */
  deadline: stageDeadlineSchema.nullable(),
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

/** Renewal review (spec 3 §5): six required document checks, in RENEWAL_SLOTS order; "no" needs a reason. */
export const renewalChecksSchema = z.array(checklistItemSchema).length(6, { error: 'review.v.checklistCount' });
/** Change review (spec 3 §2): each of the seven files marked on or off, with an optional note. */
export const changeMarkSchema = z.object({ ok: z.boolean({ error: 'v.choose' }), note: optionalText(1000) });
export const changeMarksSchema = z.array(changeMarkSchema).length(7, { error: 'review.v.checklistCount' });
export type ChangeMark = z.infer<typeof changeMarkSchema>;

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
  decideRenewal: z.discriminatedUnion('approve', [
    z
      .object({ checks: renewalChecksSchema, approve: z.literal(true), issuedOn: isoDateSchema, ...periodShape })
      .refine(...endsAfterStart),
    z.object({ checks: renewalChecksSchema, approve: z.literal(false), reason: requiredText(2000) }),
  ]),
  decideChange: z.discriminatedUnion('approve', [
    z.object({ marks: changeMarksSchema, approve: z.literal(true) }),
    z.object({ marks: changeMarksSchema, approve: z.literal(false), reason: optionalText(2000) }),
  ]),
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
  /** What the row changed, before and after, and its other facts (docs/decisions/041-audit-trail.md). */
  changes: z.array(auditChangeSchema).nullable().optional(),
  facts: z.array(auditFactSchema).optional(),
});

/** A licence in short (server/src/modules/licences/licence.writer.ts readLicenceSummary); its status is computed. */
export const licenceSummarySchema = z.object({
  id: z.string().uuid(),
  number: z.number().int(),
  holderName: z.string(),
  dagNumber: z.string(),
  status: z.enum(LICENCE_STATUSES),
  validFrom: z.string(),
  validTo: z.string(),
});
export type LicenceSummary = z.infer<typeof licenceSummarySchema>;

/** What a name or plot change asks for: the licence's field, its value before and the new one. */
export const requestedChangeSchema = z.object({
  field: z.enum(['holderName', 'dagNumber']),
  from: z.string(),
  to: z.string(),
});

/** GET /api/staff/applications/:id — everything a detail screen shows, and what this role may do now. */
export const applicationDetailSchema = z.object({
  id: z.string().uuid(),
  applicationNumber: z.number().int(),
  kind: z.enum(STORED_KINDS),
  stage: stageSchema,
  seen: z.object({ chairman: z.boolean(), uno: z.boolean(), badc: z.boolean() }),
  version: z.number().int(),
  submittedAt: z.string().nullable(),
  intakeStatus: z.enum(['receiving', 'complete']),
  fields: z.record(z.string(), z.unknown()),
  files: z.array(storedFileSchema.extend({ url: z.string() })),
  /** New and existing applications: the seven answers of the BADC checklist. */
  checklist: checklistSchema.nullable(),
  /** Renewals: the six document checks BADC gave. */
  renewalChecks: z.array(checklistItemSchema).nullable(),
  /** Name and plot changes: the seven files marked on or off, with notes. */
  changeMarks: z.array(changeMarkSchema).nullable(),
  /** Name and plot changes: the change asked for (from is the licence's value before approval). */
  change: requestedChangeSchema.nullable(),
  finalRemarks: z.string().nullable(),
  recheck: z.object({ requested: z.boolean(), message: z.string().nullable() }),
  /** The licence issued (New, Existing) or the one the renewal or change is about. */
  licence: licenceSummarySchema.nullable(),
  audit: z.array(auditEntrySchema),
  allowedActions: z.array(z.enum(ACTIONS)),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;
