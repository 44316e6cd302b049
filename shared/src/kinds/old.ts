import { z } from 'zod';
import { DEFAULT_LICENCE_TERM, PUMP_TYPES, WELL_CLASSES, WELL_SIZE_VALUES } from '../constants.js';
import { addYears, todayInDhaka } from '../i18n/dates.js';
import { normaliseMobile } from '../i18n/digits.js';
import {
  amountSchema,
  digitText,
  geoInput,
  isoDateSchema,
  latitudeSchema,
  longitudeSchema,
  optionalText,
  requiredText,
} from '../schemas/fields.js';
import { licenceNumberSchema, optionalNidSchema, optionalPaidOnSchema } from './fields.js';

/**
 * An old record (spec 2 §3 "Old application", §5 "Old-application form"): a licence the office
 * issued on paper before the portal, entered by staff at /old-application or imported from a CSV
 * (docs/decisions/039-old-records-import.md). It is stored as an application of kind 'Old', already
 * Approved and seen by every office, with its licence and validity period; so the holder renews
 * it like any other licence. The eleven fields spec 2 §5 requires are required here; the rest of the
 * application's fields are optional, as the register seldom has them.
 */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A mobile when there is one: the holder's renewal is checked against it (intake/kinds/renew.ts). */
const optionalMobileSchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .transform((v, ctx) => {
      const m = normaliseMobile(v);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: 'v.mobile' });
        return z.NEVER;
      }
      return m;
    })
    .optional(),
);

const optionalAmountSchema = z.preprocess(emptyToUndefined, amountSchema.optional());
const optionalDateSchema = z.preprocess(emptyToUndefined, isoDateSchema.optional());
/** A day the office already lived through: an issue date is never in the future. */
const optionalPastDateSchema = z.preprocess(
  emptyToUndefined,
  isoDateSchema.refine((d) => d <= todayInDhaka(), { error: 'v.dateFuture' }).optional(),
);

export const oldRecordFieldsObject = z.object({
  // Spec 2 §5: required.
  licenceNumber: licenceNumberSchema,
  /** Legacy `resulation`: the committee's resolution that granted the licence. */
  regulationNumber: requiredText(60),
  applicantName: requiredText(120),
  upazila: requiredText(80),
  village: requiredText(120),
  union: requiredText(120),
  postOffice: requiredText(120),
  mouza: requiredText(120),
  pumpType: z.enum(PUMP_TYPES, { error: 'v.choose' }),
  wellClass: z.enum(WELL_CLASSES, { error: 'v.choose' }),
  wellSize: z.enum(WELL_SIZE_VALUES, { error: 'v.choose' }),
  // Optional.
  fatherName: optionalText(120),
  motherName: optionalText(120),
  nid: optionalNidSchema,
  mobile: optionalMobileSchema,
  jlNumber: digitText({ required: false, max: 20 }),
  khotian: optionalText(60),
  dagNumber: optionalText(120),
  nearestWellDistance: optionalText(60),
  proposedMouza: optionalText(120),
  proposedUnion: optionalText(120),
  benefitArea: optionalText(1000),
  specialConsideration: optionalText(1000),
  advanceFee: optionalAmountSchema,
  slipNumber: optionalText(60),
  feePaidOn: optionalPaidOnSchema,
  /** The licence's validity as the register has it (legacy issueDate, currDate, expDate). */
  issuedOn: optionalPastDateSchema,
  validFrom: optionalPastDateSchema,
  validTo: optionalDateSchema,
  latitude: geoInput(latitudeSchema),
  longitude: geoInput(longitudeSchema),
});

/** Every field of the old-record form, in the form's (and the CSV template's) order. */
export type OldRecordField = keyof typeof oldRecordFieldsObject.shape;
export const OLD_RECORD_FIELDS = Object.keys(oldRecordFieldsObject.shape) as OldRecordField[];
export const OLD_RECORD_REQUIRED: readonly OldRecordField[] = [
  'licenceNumber',
  'regulationNumber',
  'applicantName',
  'upazila',
  'village',
  'union',
  'postOffice',
  'mouza',
  'pumpType',
  'wellClass',
  'wellSize',
];

export const oldRecordFieldsSchema = oldRecordFieldsObject.superRefine((f, ctx) => {
  if ((f.latitude === undefined) !== (f.longitude === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [f.latitude === undefined ? 'latitude' : 'longitude'],
      message: 'v.required',
    });
  }
  const period = oldRecordPeriod(f);
  if (period.validTo <= period.validFrom)
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'oldRecords.v.dateOrder' });
});
export type OldRecordFields = z.output<typeof oldRecordFieldsSchema>;
export type OldRecordInput = z.input<typeof oldRecordFieldsSchema>;

/**
 * The licence period an old record gets (decision 039): the register's dates where it has them;
 * a missing start is the issue date (and the other way round), else three years (the standard term,
 * spec 3 §4) before the end; a missing end is three years after the start; a record with no date
 * at all starts on the day it is entered. The term is the whole years of the period, 1 to 3 (the licences table's rule); an old
 * licence is never a testing licence (spec 2 §3: testingLicense No).
 */
export function oldRecordPeriod(
  f: Pick<OldRecordFields, 'issuedOn' | 'validFrom' | 'validTo'>,
  today: string = todayInDhaka(),
): { issuedOn: string; validFrom: string; validTo: string; termYears: 1 | 2 | 3 } {
  const validFrom = f.validFrom ?? f.issuedOn ?? (f.validTo ? addYears(f.validTo, -DEFAULT_LICENCE_TERM) : today);
  const issuedOn = f.issuedOn ?? validFrom;
  const validTo = f.validTo ?? addYears(validFrom, DEFAULT_LICENCE_TERM);
  const years = Math.round((Date.parse(validTo) - Date.parse(validFrom)) / (365.25 * 24 * 3600_000));
  const termYears = Math.min(3, Math.max(1, years)) as 1 | 2 | 3;
  return { issuedOn, validFrom, validTo, termYears };
}
