import { z } from 'zod';
import { LICENCE_STATUSES } from '../workflow/licence.js';

/**
 * The verified applicant's own application as the after-verification panels need it
 * (GET /api/citizen/application/form, docs/decisions/025-amendment-and-consent.md): the fields as
 * the citizen typed them, the kind's document slots with BADC's checklist answer per slot, the
 * licence it names, and where the recheck and the consent letter stand.
 */
export const citizenFormFileSchema = z.object({
  slot: z.string(),
  /** BADC's checklist answer for this document: true Yes, false No (may be replaced), null not checked. */
  ok: z.boolean().nullable(),
  note: z.string().nullable(),
  /** Whether a file is held in the slot. */
  present: z.boolean(),
});

export const citizenFormSchema = z.object({
  id: z.string().uuid(),
  kind: z.string(),
  applicationNumber: z.number().int(),
  stage: z.string(),
  fields: z.record(z.string(), z.unknown()),
  licence: z.object({ number: z.number().int(), status: z.enum(LICENCE_STATUSES) }).nullable(),
  recheck: z.object({ requested: z.boolean(), message: z.string().nullable() }),
  files: z.array(citizenFormFileSchema),
  /** The fields the applicant may change in an amendment (spec 1 §7 editApplicationByUser, this kind's). */
  editableFields: z.array(z.string()),
  /** The consent letter (spec 1 §4): the office's form exists, the signed letter is in, upload still open. */
  consent: z.object({ officeForm: z.boolean(), uploaded: z.boolean(), open: z.boolean() }),
});
export type CitizenForm = z.infer<typeof citizenFormSchema>;
export type CitizenFormFile = z.infer<typeof citizenFormFileSchema>;

/** PUT /api/citizen/application/fields: the amended fields (only the editable ones may differ). */
export const amendFieldsSchema = z.object({ fields: z.record(z.string(), z.unknown()) });
export type AmendFieldsRequest = z.infer<typeof amendFieldsSchema>;
