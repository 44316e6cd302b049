import { z } from 'zod';
import { LICENCE_ACTIONS, LICENCE_STATUSES } from '../workflow/licence.js';
import { addYears, todayInDhaka } from '../i18n/dates.js';
import { REACTIVATION_DEFAULT_YEARS } from '../constants.js';

/**
 * Everything the licence certificate shows (spec 1 §2 licence print, spec 3 §2 licensePrint):
 * used by the HTML print page and the PDF alike, for staff and for the verified citizen.
 */
export const licenceDocumentSchema = z.object({
  applicationId: z.string().uuid(),
  /** The licence record itself and the version a licence action must carry (decision 022). */
  licenceId: z.string().uuid(),
  version: z.number().int(),
  applicationNumber: z.number().int(),
  licenceNumber: z.number().int(),
  upazila: z.string(),
  district: z.string(),
  officeAddress: z.string(),
  approvalDate: z.string(),
  wellClass: z.string(),
  wellSize: z.string(),
  pumpType: z.string(),
  applicantName: z.string(),
  fatherName: z.string(),
  village: z.string(),
  union: z.string(),
  postOffice: z.string(),
  mouza: z.string(),
  jlNumber: z.string(),
  khotian: z.string(),
  dagNumber: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  termYears: z.number().int(),
  isTesting: z.boolean(),
  issuedOn: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** Computed from the dates and flags (shared/src/workflow/licence.ts), never stored as expired. */
  status: z.enum(LICENCE_STATUSES),
  suspendNote: z.string().nullable(),
  /** Earlier and renewal periods; the back page shows six rows, unused ones empty. */
  periods: z.array(z.object({ validFrom: z.string(), validTo: z.string() })),
  /** The licence's name and plot history, oldest first: approved change requests (decision 022). */
  changes: z.array(
    z.object({
      /** 'office': moved to a new upazila's office, "<office> · <number>" from and to (issue 22). */
      field: z.enum(['holderName', 'dagNumber', 'office']),
      from: z.string(),
      to: z.string(),
      /** ISO date (Dhaka) the change was approved. */
      on: z.string(),
    }),
  ),
  /** sign_status and text_1..text_6 (spec 3 §4); when not custom, the default UNO signature block. */
  approver: z.object({ custom: z.boolean(), lines: z.array(z.string()).max(6) }),
  /** Text encoded in the two QR codes: licence details, and the GPS location as a maps link. */
  qr: z.object({ details: z.string(), location: z.string().nullable() }),
});
export type LicenceDocument = z.infer<typeof licenceDocumentSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'v.date' });

/**
 * A licence action (spec 3 §2 licence screens, §4, §7) as the staff client sends it: idempotent by
 * clientActionId, against the version the officer saw, held for its own officer (decision 012).
 */
export const licenceActionRequestSchema = z.discriminatedUnion('action', [
  z.object({
    clientActionId: z.string().uuid(),
    version: z.number().int().min(1),
    officerId: z.number().int().optional(),
    action: z.literal('confirm'),
    payload: z.object({}).default({}),
  }),
  z.object({
    clientActionId: z.string().uuid(),
    version: z.number().int().min(1),
    officerId: z.number().int().optional(),
    action: z.literal('suspend'),
    payload: z.object({
      note: z.string().trim().min(1, { error: 'licence.v.noteRequired' }).max(500, { error: 'v.tooLong' }),
    }),
  }),
  z.object({
    clientActionId: z.string().uuid(),
    version: z.number().int().min(1),
    officerId: z.number().int().optional(),
    action: z.literal('reactivate'),
    payload: z
      .object({ validFrom: isoDate.optional(), validTo: isoDate.optional() })
      .default({})
      .refine((p) => !p.validFrom || !p.validTo || p.validTo > p.validFrom, {
        error: 'licence.v.validToAfterFrom',
        path: ['validTo'],
      }),
  }),
]);
export type LicenceActionRequest = z.infer<typeof licenceActionRequestSchema>;
export const licenceActionSchema = z.enum(LICENCE_ACTIONS);

/** The Re Active dialog's defaults (spec 3 §5): today and today + 3 years. */
export function reactivationDefaults(now: Date = new Date()): { validFrom: string; validTo: string } {
  const validFrom = todayInDhaka(now);
  return { validFrom, validTo: addYears(validFrom, REACTIVATION_DEFAULT_YEARS) };
}

/** What a licence action answers: the licence as its list row shows it. */
export const licenceActionResultSchema = z.object({
  id: z.string().uuid(),
  number: z.number().int(),
  holderName: z.string(),
  dagNumber: z.string(),
  status: z.enum(LICENCE_STATUSES),
  validFrom: z.string(),
  validTo: z.string(),
  version: z.number().int(),
});
export type LicenceActionResult = z.infer<typeof licenceActionResultSchema>;
