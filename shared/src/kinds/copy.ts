import { z } from 'zod';
import { amountSchema, digitText, mobileSchema } from '../schemas/fields.js';

/** Spec 1 §9: a copy is asked for because the licence was lost or destroyed. */
export const COPY_APP_TYPES = ['lost', 'destroyed'] as const;
export type CopyAppType = (typeof COPY_APP_TYPES)[number];

/** The duplicate-licence form (spec 1 §2, §5): which licence, a mobile, the fee and why. */
export const copyFieldsSchema = z.object({
  licenceNumber: digitText({ required: true, max: 20 }),
  mobile: mobileSchema,
  fee: amountSchema,
  appType: z.enum(COPY_APP_TYPES, { error: 'v.choose' }),
});
export type CopyFields = z.output<typeof copyFieldsSchema>;
export type CopyInput = z.input<typeof copyFieldsSchema>;
