import { z } from 'zod';
import { requiredText } from '../schemas/fields.js';
import { changeFieldsObject } from './change.js';

/** A name change (verification purpose 2): the change form and the name the licence should carry. */
export const nameChangeFieldsSchema = changeFieldsObject.extend({
  newApplicantName: requiredText(120),
});
export type NameChangeFields = z.output<typeof nameChangeFieldsSchema>;
export type NameChangeInput = z.input<typeof nameChangeFieldsSchema>;
