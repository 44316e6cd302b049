import { z } from 'zod';
import { requiredText } from '../schemas/fields.js';
import { checkIdentityAndPlace, newApplicationFieldsObject } from './new.js';

/**
 * The existing tube-well form (spec 1 §5): the new form's fields, for a well and pump that already
 * run, plus the electricity bill's account number (legacy billNumber), which the office checks
 * against the seventh document, the bill itself.
 */
export const existingFieldsObject = newApplicationFieldsObject.extend({
  billNumber: requiredText(60),
});
export const existingFieldsSchema = existingFieldsObject.superRefine(checkIdentityAndPlace);
export type ExistingFields = z.output<typeof existingFieldsSchema>;
export type ExistingInput = z.input<typeof existingFieldsSchema>;
