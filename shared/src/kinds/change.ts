import { z } from 'zod';
import { amountSchema, digitText, mobileSchema, requiredText } from '../schemas/fields.js';
import { paidOnSchema } from './fields.js';

/**
 * The change form that name and plot changes share (spec 1 §5 "Change form"), sent after the
 * holder verified the mobile at /verification/2 or /3. `applicationId` names the licensed
 * application the change is about; the server accepts it only with that verification's grant.
 */
export const changeFieldsObject = z.object({
  applicationId: z.uuid({ error: 'v.required' }),
  mobile: mobileSchema,
  fatherName: requiredText(120),
  upazila: requiredText(80),
  village: requiredText(120),
  union: requiredText(120),
  postOffice: requiredText(120),
  mouza: requiredText(120),
  jlNumber: digitText({ required: true, max: 20 }),
  khotian: requiredText(60),
  dagNumber: requiredText(120),
  proposedMouza: requiredText(120),
  proposedUnion: requiredText(120),
  advanceFee: amountSchema,
  slipNumber: requiredText(60),
  feePaidOn: paidOnSchema,
  agreed: z.literal(true, { error: 'v.agree' }),
});
