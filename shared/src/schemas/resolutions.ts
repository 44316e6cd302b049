import { z } from 'zod';
import { toLatinDigits } from '../i18n/digits.js';
import type { MessageKey } from '../i18n/index.js';
import { STORED_KINDS } from '../kinds/slots.js';
import { RICH_TEXT_MAX } from './content.js';
import { INT4_MAX, listQueryShape } from './fields.js';
import { stageSchema } from './settings.js';

/**
 * The irrigation committee's resolutions (spec 2 §2 "Resolution list", §3 Resolution; decision 036):
 * a title, a range of application numbers and the minutes as rich text. The printable view lists the
 * applications whose number is in the range, queried by the server (spec README defect 4).
 */

export const RESOLUTION_TITLE_MAX = 300;
/**
 * The widest range one resolution may cover. One upazila's committee decides tens to hundreds of
 * applications at a meeting; a range of thousands is a typing slip, and it would print a book.
 */
export const RESOLUTION_SPAN_MAX = 5000;

/** An application number, typed in Bangla or Latin digits; 1..INT4_MAX like the column it is compared with. */
const applicationNumberSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(toLatinDigits(v.trim()))) : v),
  z
    .number({ error: (issue) => (issue.input === undefined ? 'v.required' : 'resolutions.v.number') })
    .int({ error: 'resolutions.v.number' })
    .min(1, { error: 'resolutions.v.number' })
    .max(INT4_MAX, { error: 'resolutions.v.number' }),
);

/**
 * Why a range is not one (from after to, or wider than RESOLUTION_SPAN_MAX), or null. The one rule:
 * the form's schema below refines with it, and the server answers 422 RESOLUTION_RANGE with it.
 */
export function resolutionRangeIssue(from: number, to: number): MessageKey | null {
  if (from > to) return 'resolutions.v.rangeOrder';
  if (to - from + 1 > RESOLUTION_SPAN_MAX) return 'resolutions.v.rangeSpan';
  return null;
}

/** The fields one by one, without the rule between the two numbers (the server checks that itself). */
export const resolutionFieldsSchema = z.object({
  title: z
    .string({ error: 'v.required' })
    .trim()
    .min(1, { error: 'v.required' })
    .max(RESOLUTION_TITLE_MAX, { error: 'v.tooLong' }),
  rangeFrom: applicationNumberSchema,
  rangeTo: applicationNumberSchema,
  /** The minutes; sanitised by the server before it is stored (docs/decisions/007-rich-text-and-images.md). */
  html: z.string().max(RICH_TEXT_MAX, { error: 'v.tooLong' }).default(''),
});

/** The create and edit forms: the fields, and a range that is one (its message under "to"). */
export const resolutionInputSchema = resolutionFieldsSchema.superRefine((v, ctx) => {
  const issue = resolutionRangeIssue(v.rangeFrom, v.rangeTo);
  if (issue) ctx.addIssue({ code: 'custom', path: ['rangeTo'], message: issue });
});
export type ResolutionInput = z.input<typeof resolutionInputSchema>;
export type ParsedResolutionInput = z.output<typeof resolutionFieldsSchema>;

export const resolutionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  rangeFrom: z.number().int(),
  rangeTo: z.number().int(),
  html: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Resolution = z.infer<typeof resolutionSchema>;

/** The list (spec 2 §2 "All lists share"): paged, searched and sorted by the server. */
export const resolutionListQuerySchema = z.object({
  ...listQueryShape,
  // The search takes words of the title, or an application number: the resolutions whose range holds it.
  sort: z.enum(['title', 'rangeFrom', 'createdAt', 'updatedAt']).default('createdAt'),
});
export type ResolutionListQuery = z.output<typeof resolutionListQuerySchema>;

/** A list row: the resolution without its minutes, and how many applications its range holds now. */
export const resolutionRowSchema = resolutionSchema.omit({ html: true }).extend({
  applicationCount: z.number().int(),
});
export type ResolutionRow = z.infer<typeof resolutionRowSchema>;

export const resolutionPageSchema = z.object({
  rows: z.array(resolutionRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ResolutionPage = z.infer<typeof resolutionPageSchema>;

/** One application of the printed resolution: what a licensing committee's minutes name. */
export const resolutionApplicationSchema = z.object({
  id: z.string().uuid(),
  applicationNumber: z.number().int(),
  kind: z.enum(STORED_KINDS),
  applicantName: z.string(),
  fatherName: z.string(),
  village: z.string(),
  union: z.string(),
  mouza: z.string(),
  dagNumber: z.string(),
  stage: stageSchema,
  /** The licence this application issued, once approved. */
  licenceNumber: z.number().int().nullable(),
});
export type ResolutionApplication = z.infer<typeof resolutionApplicationSchema>;

export const resolutionApplicationsSchema = z.object({
  rangeFrom: z.number().int(),
  rangeTo: z.number().int(),
  rows: z.array(resolutionApplicationSchema),
});
export type ResolutionApplications = z.infer<typeof resolutionApplicationsSchema>;
