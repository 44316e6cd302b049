import { z } from 'zod';
import { PUMP_TYPES, WELL_CLASSES, WELL_SIZE_VALUES } from '../constants.js';
import {
  amountSchema,
  digitText,
  geoInput,
  latitudeSchema,
  longitudeSchema,
  mobileSchema,
  optionalText,
  requiredText,
} from '../schemas/fields.js';
import { optionalNidSchema, optionalPaidOnSchema } from './fields.js';

/**
 * The new-licence form (spec 1 §2, §3, §5). Code names are English; the legacy names
 * (tubeoyelClass, dagnumber, ...) survive only in ../legacy-fields.ts.
 */
export const newApplicationFieldsObject = z.object({
  // Identity: one of three alternatives (individual, cooperative, group).
  applicantName: optionalText(120),
  registrationNumber: optionalText(60),
  instituteName: optionalText(160),
  groupName: optionalText(160),
  representativeName: optionalText(120),
  fatherName: requiredText(120),
  motherName: optionalText(120),
  nid: optionalNidSchema,
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
  feePaidOn: optionalPaidOnSchema,
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

/** One identity alternative, complete; latitude and longitude together or not at all. */
export function checkIdentityAndPlace(
  f: IdentityShape & { latitude?: number; longitude?: number },
  ctx: z.RefinementCtx,
): void {
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
}

export const newApplicationFieldsSchema = newApplicationFieldsObject.superRefine(checkIdentityAndPlace);
export type NewApplicationFields = z.output<typeof newApplicationFieldsSchema>;
export type NewApplicationInput = z.input<typeof newApplicationFieldsSchema>;
