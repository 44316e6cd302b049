import { z } from 'zod';
import { serialIdSchema } from './fields.js';
import { registerFilterSchema, registerPageSchema, registerQuerySchema, registerRowSchema } from './register.js';

/**
 * The register across an area (docs/decisions/057-offices.md, step 4): the office's four lists and
 * their exports, read only, for the national administrator and the district and division viewers.
 * The same filters as the office's, without the deleted applications (restoring them is an office
 * Admin's), and with one office of the area to narrow to.
 */

/** An office as a row names it. */
export const areaOfficeSchema = z.object({ id: z.number().int(), nameBn: z.string(), nameEn: z.string() });
export type AreaOffice = z.infer<typeof areaOfficeSchema>;

const officeParam = z.preprocess((v) => (v === '' ? undefined : v), serialIdSchema.optional());
const fromBeforeTo = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;
const range = { error: 'register.v.range', path: ['to'] };

const { deleted: _listDeleted, ...queryShape } = registerQuerySchema.shape;
const { deleted: _exportDeleted, ...filterShape } = registerFilterSchema.shape;

export const areaRegisterQuerySchema = z.object({ ...queryShape, office: officeParam }).refine(fromBeforeTo, range);
export type AreaRegisterQuery = z.output<typeof areaRegisterQuerySchema>;

export const areaRegisterFilterSchema = z.object({ ...filterShape, office: officeParam }).refine(fromBeforeTo, range);
export type AreaRegisterFilter = z.output<typeof areaRegisterFilterSchema>;

export const areaRegisterRowSchema = registerRowSchema.extend({ office: areaOfficeSchema });
export type AreaRegisterRow = z.infer<typeof areaRegisterRowSchema>;

export const areaRegisterPageSchema = registerPageSchema.extend({
  rows: z.array(areaRegisterRowSchema),
  /** Every office of the caller's area, for the office filter (whether or not the list is narrowed to one). */
  offices: z.array(areaOfficeSchema),
});
export type AreaRegisterPage = z.infer<typeof areaRegisterPageSchema>;
