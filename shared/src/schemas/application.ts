import { z } from 'zod';
import { PUMP_TYPES, WELL_CLASSES, WELL_SIZE_VALUES } from '../constants.js';
import { todayInDhaka } from '../i18n/dates.js';
import { toLatinDigits } from '../i18n/digits.js';
import { APPLICATION_DOC_SLOTS } from './files.js';
import {
  amountSchema,
  digitText,
  geoInput,
  isoDateSchema,
  latitudeSchema,
  longitudeSchema,
  mobileSchema,
  optionalText,
  requiredText,
} from './fields.js';

/**
 * The new-licence form (spec 1 §2, §3, §5). Code names are English; the legacy names
 * (tubeoyelClass, dagnumber, ...) survive only in ../legacy-fields.ts.
 */
export const APPLICATION_KINDS = ['New', 'Existing', 'Renew', 'Change', 'Old'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

const nidSchema = z
  .string()
  .trim()
  .transform(toLatinDigits)
  .refine((v) => v === '' || /^(\d{10}|\d{13}|\d{17})$/.test(v), { error: 'v.nid' })
  .optional()
  .transform((v) => (v ? v : undefined));

export const newApplicationFieldsObject = z.object({
  // Identity: one of three alternatives (individual, cooperative, group).
  applicantName: optionalText(120),
  registrationNumber: optionalText(60),
  instituteName: optionalText(160),
  groupName: optionalText(160),
  representativeName: optionalText(120),
  fatherName: requiredText(120),
  motherName: optionalText(120),
  nid: nidSchema,
  mobile: mobileSchema,
  // Address of the land and applicant.
  upazila: requiredText(80),
  village: requiredText(120),
  union: requiredText(120),
  postOffice: requiredText(120),
  mouza: requiredText(120),
  jlNumber: digitText({ required: true, max: 20 }),
  khotian: requiredText(60),
  dagNumber: requiredText(120),
  // The well.
  wellClass: z.enum(WELL_CLASSES, { error: 'v.choose' }),
  wellSize: z.enum(WELL_SIZE_VALUES, { error: 'v.choose' }),
  pumpType: z.enum(PUMP_TYPES, { error: 'v.choose' }),
  nearestWellDistance: optionalText(60),
  proposedMouza: optionalText(120),
  proposedUnion: optionalText(120),
  benefitArea: optionalText(1000),
  specialConsideration: optionalText(1000),
  // Fee and receipt.
  advanceFee: amountSchema,
  slipNumber: optionalText(60),
  feePaidOn: isoDateSchema
    .refine((d) => d <= todayInDhaka(), { error: 'v.dateFuture' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Geo location, typed or taken from the phone's GPS.
  latitude: geoInput(latitudeSchema),
  longitude: geoInput(longitudeSchema),
  agreed: z.literal(true, { error: 'v.agree' }),
});

type IdentityShape = {
  applicantName?: string;
  registrationNumber?: string;
  instituteName?: string;
  groupName?: string;
  representativeName?: string;
};

/** Which identity alternative the person filled in (spec 1 §2 hiding behaviour). */
export function identityKind(f: IdentityShape): 'individual' | 'cooperative' | 'group' | null {
  if (f.applicantName) return 'individual';
  if (f.registrationNumber || f.instituteName) return 'cooperative';
  if (f.groupName || f.representativeName) return 'group';
  return null;
}

/** The name that represents the applicant in lists, prints and messages. */
export function displayName(f: IdentityShape): string {
  return f.applicantName ?? f.instituteName ?? f.groupName ?? '';
}

export const newApplicationFieldsSchema = newApplicationFieldsObject.superRefine((f, ctx) => {
  const kind = identityKind(f);
  const ok =
    (kind === 'individual' && !f.instituteName && !f.groupName) ||
    (kind === 'cooperative' && !!f.registrationNumber && !!f.instituteName && !f.groupName) ||
    (kind === 'group' && !!f.groupName && !!f.representativeName);
  if (!ok) ctx.addIssue({ code: 'custom', path: ['applicantName'], message: 'v.identity' });
  if ((f.latitude === undefined) !== (f.longitude === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [f.latitude === undefined ? 'latitude' : 'longitude'],
      message: 'v.required',
    });
  }
});
export type NewApplicationFields = z.output<typeof newApplicationFieldsSchema>;
export type NewApplicationInput = z.input<typeof newApplicationFieldsSchema>;

/** What the phone declares about each file before sending it, so the server knows what to wait for. */
export const fileManifestEntrySchema = z.object({
  slot: z.enum(APPLICATION_DOC_SLOTS),
  size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  mime: z.string().max(100),
  name: z.string().max(255).optional(),
});
export type FileManifestEntry = z.infer<typeof fileManifestEntrySchema>;

/** POST /api/applications: one queued item of the offline outbox (docs/decisions/018-service-targets.md). */
export const submitApplicationSchema = z.object({
  clientId: z.string().uuid(),
  kind: z.literal('New'),
  fields: newApplicationFieldsSchema,
  files: z.array(fileManifestEntrySchema).max(8),
});
export type SubmitApplicationRequest = z.input<typeof submitApplicationSchema>;

export const submitApplicationResponseSchema = z.object({
  id: z.string().uuid(),
  applicationNumber: z.number().int(),
  /** "receiving" until every declared file has arrived; then "complete". */
  status: z.enum(['receiving', 'complete']),
  missingSlots: z.array(z.enum(APPLICATION_DOC_SLOTS)),
});
export type SubmitApplicationResponse = z.infer<typeof submitApplicationResponseSchema>;

export const uploadFileResponseSchema = z.object({
  slot: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  mime: z.string(),
  applicationStatus: z.enum(['receiving', 'complete']),
  missingSlots: z.array(z.string()),
});
export type UploadFileResponse = z.infer<typeof uploadFileResponseSchema>;
