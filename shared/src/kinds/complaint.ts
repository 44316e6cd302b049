import { z } from 'zod';
import { mobileSchema, requiredText } from '../schemas/fields.js';

/** The complaint form (spec 1 §2, §5): the complainant, a mobile and four files. */
export const complaintFieldsSchema = z.object({
  name: requiredText(200),
  mobile: mobileSchema,
});
export type ComplaintFields = z.output<typeof complaintFieldsSchema>;
export type ComplaintInput = z.input<typeof complaintFieldsSchema>;
