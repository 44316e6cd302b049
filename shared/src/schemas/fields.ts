import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.js';
import { normaliseMobile, toLatinDigits } from '../i18n/digits.js';

/**
 * Field building blocks. Error messages are i18n keys (shared/src/i18n/bn/common.ts, `v.*`),
 * so the client and the server show the same Bangla text for the same rule.
 */
export const requiredText = (max = 200) =>
  z.string({ error: 'v.required' }).trim().min(1, { error: 'v.required' }).max(max, { error: 'v.tooLong' });

export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, { error: 'v.tooLong' })
    .optional()
    .transform((v) => (v ? v : undefined));

/** Digits typed in Bangla or Latin; stored in Latin. */
export const digitText = (opts: { required: boolean; max?: number }) => {
  const base = z
    .string({ error: 'v.required' })
    .trim()
    .transform(toLatinDigits)
    .refine((v) => v === '' || /^[0-9/\-, ]+$/.test(v), { error: 'v.digitsOnly' })
    .refine((v) => v.length <= (opts.max ?? 50), { error: 'v.tooLong' });
  return opts.required
    ? base.refine((v) => v !== '', { error: 'v.required' })
    : base.optional().transform((v) => (v ? v : undefined));
};

export const mobileSchema = z
  .string({ error: 'v.required' })
  .trim()
  .min(1, { error: 'v.required' })
  .transform((v, ctx) => {
    const m = normaliseMobile(v);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'v.mobile' });
      return z.NEVER;
    }
    return m;
  });

/** Money in whole taka (or with paisa), typed in Bangla or Latin digits. */
export const amountSchema = z.union([z.number(), z.string()], { error: 'v.required' }).transform((v, ctx) => {
  const s = typeof v === 'number' ? String(v) : toLatinDigits(v.trim()).replace(/,/g, '');
  if (s === '') {
    ctx.addIssue({ code: 'custom', message: 'v.required' });
    return z.NEVER;
  }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'v.amount' });
    return z.NEVER;
  }
  return s;
});

/** An ISO date (YYYY-MM-DD); Bangla digits accepted. */
export const isoDateSchema = z
  .string({ error: 'v.required' })
  .trim()
  .transform(toLatinDigits)
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)), { error: 'v.date' });

/** Latitude/longitude as numbers, typed in Bangla or Latin digits; Bangladesh's bounding box. */
export const latitudeSchema = z.coerce
  .number({ error: 'v.latitude' })
  .min(20.3, { error: 'v.latitude' })
  .max(26.8, { error: 'v.latitude' });
export const longitudeSchema = z.coerce
  .number({ error: 'v.longitude' })
  .min(87.9, { error: 'v.longitude' })
  .max(92.8, { error: 'v.longitude' });

/** Accepts '২৩.৮' as well as 23.8 before coercion. */
export const geoInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : toLatinDigits(v.trim())) : v),
    schema.optional(),
  );

/**
 * PostgreSQL's `integer` (int4): serial ids, versions and page numbers are compared with int4
 * columns, and a number past it is a database error, not a "no such row" (docs/decisions/013).
 */
export const INT4_MAX = 2_147_483_647;

/** A whole number in 0..INT4_MAX (or `min`..INT4_MAX); digits in a path or query are coerced. */
export const int4Schema = (opts: { min?: number; coerce?: boolean } = {}) =>
  (opts.coerce ? z.coerce.number({ error: 'v.wholeNumber' }) : z.number({ error: 'v.wholeNumber' }))
    .int({ error: 'v.wholeNumber' })
    .min(opts.min ?? 0, { error: 'v.wholeNumber' })
    .max(INT4_MAX, { error: 'v.wholeNumber' });

/** The id of a row with a serial key, as a path parameter (`/api/admin/accounts/{id}`). */
export const serialIdSchema = int4Schema({ min: 1, coerce: true });

/** A list's page number (`?page=`), from 1. */
export const pageNumberSchema = int4Schema({ min: 1, coerce: true });

/** A list's page size (`?pageSize=`): one of PAGE_SIZES (spec 2 §2 "All lists share": 5 to 500). */
export const pageSizeSchema = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n));

/** A list's search box (`?q=`): at most 100 characters, Bangla digits made Latin; empty is no search. */
export const listSearchSchema = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? toLatinDigits(v) : undefined));

/** What every list's query shares (spec 2 §2): page, page size (default 20), search, direction; the sort is each list's own. */
export const listQueryShape = {
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  q: listSearchSchema,
  dir: z.enum(['asc', 'desc']).default('desc'),
};
