import { z } from 'zod';
import { WELL_CLASSES } from '../constants.js';
import { amountSchema, digitText, mobileSchema, optionalText, requiredText } from '../schemas/fields.js';
import { licenceNumberSchema, paidOnSchema, requiredNidSchema } from './fields.js';

/**
 * The renewal form (spec 1 §3, §5 "Renewal form"; printed as Form-Ga). The licence number and the
 * mobile must name a licence whose holder has that mobile: the server checks it against the
 * licence (server/src/modules/intake/kinds/renew.ts). Well condition is optional, as it is in practice.
 */
export const renewalFieldsSchema = z.object({
  licenceNumber: licenceNumberSchema,
  mobile: mobileSchema,
  applicantName: requiredText(120),
  nid: requiredNidSchema,
  fatherName: requiredText(120),
  motherName: optionalText(120),
  village: requiredText(120),
  union: requiredText(120),
  postOffice: requiredText(120),
  mouza: requiredText(120),
  wellClass: z.enum(WELL_CLASSES, { error: 'v.choose' }),
  wellCondition: optionalText(500),
  khotian: requiredText(60),
  jlNumber: digitText({ required: true, max: 20 }),
  dagNumber: requiredText(120),
  /** Form-Ga shows the old and the new plot: filled when the well's plot number changed. */
  newDagNumber: optionalText(120),
  /** Legacy licenseStogit: was the licence ever suspended, and why. */
  suspensionHistory: requiredText(1000),
  /** Legacy bigotoMousumBiboron: the area the well served last season. */
  lastSeasonArea: requiredText(1000),
  /** Legacy bigotoMousumMeyad: how long and why the well was unused. */
  unusedPeriod: requiredText(1000),
  /** Legacy sechCharge1 and sechCharge2: irrigation charge per acre, high and low land. */
  chargeHighLand: amountSchema,
  chargeLowLand: amountSchema,
  applicationFee: amountSchema,
  /** Legacy rosidNumber. */
  receiptNumber: optionalText(60),
  feePaidOn: paidOnSchema,
  dp: optionalText(60),
  agreed: z.literal(true, { error: 'v.agree' }),
});
export type RenewalFields = z.output<typeof renewalFieldsSchema>;
export type RenewalInput = z.input<typeof renewalFieldsSchema>;
