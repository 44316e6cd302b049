import { z } from 'zod';
import { VERIFICATION_PURPOSES } from '../constants.js';
import { toLatinDigits } from '../i18n/digits.js';
import { stageSchema } from './settings.js';
import { mobileSchema } from './fields.js';
import { LICENCE_STATUSES } from '../workflow/licence.js';

/** POST /api/verification/send. The answer never says whether an application matched (no enumeration). */
export const sendCodeSchema = z.object({
  applicationNumber: z
    .string({ error: 'v.required' })
    .trim()
    .transform(toLatinDigits)
    .refine((v) => /^\d{1,12}$/.test(v), { error: 'v.digitsOnly' }),
  mobile: mobileSchema,
  purpose: z.coerce
    .number()
    .int()
    .refine((p) => (VERIFICATION_PURPOSES as readonly number[]).includes(p)),
});
export const sendCodeResponseSchema = z.object({
  challengeId: z.string().uuid(),
  expiresInSeconds: z.number().int(),
  /** Bangla: "if the details match, a code has been sent to the number". */
  message: z.string(),
});

export const confirmCodeSchema = z.object({
  challengeId: z.string().uuid(),
  code: z
    .string({ error: 'v.required' })
    .trim()
    .transform(toLatinDigits)
    .refine((v) => /^\d{6}$/.test(v), { error: 'verification.v.code' }),
});
/** Sets the HttpOnly grant cookie bound to this one application. */
export const confirmCodeResponseSchema = z.object({
  applicationId: z.string().uuid(),
  applicationNumber: z.number().int(),
  purpose: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const stepProgressSchema = z.enum(['done', 'current', 'waiting']);

/** GET /api/citizen/application: the status panel of /my-application and /verification/1. */
export const statusPanelSchema = z.object({
  applicationId: z.string().uuid(),
  applicationNumber: z.number().int(),
  applicantName: z.string(),
  mobile: z.string(),
  kind: z.string(),
  submittedAt: z.string().nullable(),
  intakeStatus: z.enum(['receiving', 'complete']),
  stage: stageSchema,
  progress: z.object({ chairman: stepProgressSchema, uno: stepProgressSchema, badc: stepProgressSchema }),
  finalRemarks: z.string().nullable(),
  suspendNote: z.string().nullable(),
  recheck: z.object({ requested: z.boolean(), message: z.string().nullable() }),
  /**
   * When the present stage should be done (its due date, decision 040), and whether that day has
   * passed; null at a final stage, while files are arriving or while a correction is asked for.
   */
  stageDue: z.object({ date: z.string(), late: z.boolean() }).nullable(),
  licence: z
    .object({
      licenceNumber: z.number().int(),
      validTo: z.string(),
      /** Computed by licenceStatus() (../workflow/licence.ts): a cancelled licence is 'suspended'. */
      status: z.enum(LICENCE_STATUSES),
      onlineAvailable: z.boolean(),
    })
    .nullable(),
  /** The service (/verification/1..6) the browser's grant was given for; a write needs its own. */
  grantPurpose: z.number().int(),
});
export type StatusPanel = z.infer<typeof statusPanelSchema>;

/** GET /api/applications/:id/print: what Form-Ka shows. */
export const formKaSchema = z.object({
  id: z.string().uuid(),
  applicationNumber: z.number().int(),
  kind: z.string(),
  submittedAt: z.string().nullable(),
  intakeStatus: z.enum(['receiving', 'complete']),
  fields: z.record(z.string(), z.unknown()),
  /** Slots that hold a file, with the photo's URL for the print. */
  filesPresent: z.array(z.string()),
  photoUrl: z.string().nullable(),
  upazila: z.string(),
  district: z.string(),
});
export type FormKa = z.infer<typeof formKaSchema>;
