import { z } from 'zod';
import { todayInDhaka } from '../i18n/dates.js';
import { toLatinDigits } from '../i18n/digits.js';
import { isoDateSchema } from '../schemas/fields.js';

/**
 * Field rules that more than one kind's form uses (the generic builders are in ../schemas/fields.ts).
 * Written once here so the new, existing, renewal and change forms cannot drift apart.
 */

/** A national ID: 10, 13 or 17 digits, Bangla or Latin. */
const nidDigits = z
  .string()
  .trim()
  .transform(toLatinDigits)
  .refine((v) => v === '' || /^(\d{10}|\d{13}|\d{17})$/.test(v), { error: 'v.nid' });

export const optionalNidSchema = nidDigits.optional().transform((v) => (v ? v : undefined));
export const requiredNidSchema = z
  .string({ error: 'v.required' })
  .pipe(nidDigits)
  .refine((v) => v !== '', { error: 'v.required' });

/** The day the fee was paid: a date, never in the future (Dhaka's today). */
export const paidOnSchema = isoDateSchema.refine((d) => d <= todayInDhaka(), { error: 'v.dateFuture' });
export const optionalPaidOnSchema = paidOnSchema.optional().or(z.literal('').transform(() => undefined));

/** A licence number as the holder types it: digits only (Bangla or Latin), at most 9 (a serial). */
export const licenceNumberSchema = z
  .string({ error: 'v.required' })
  .trim()
  .transform(toLatinDigits)
  .refine((v) => v !== '', { error: 'v.required' })
  .refine((v) => v === '' || /^\d{1,9}$/.test(v), { error: 'v.digitsOnly' });
