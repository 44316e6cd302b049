import { z } from 'zod';
import { requiredText } from '../schemas/fields.js';
import { changeFieldsObject } from './change.js';

/** A plot change (verification purpose 3): the change form and the new plot (legacy dagnumber2). */
export const plotChangeFieldsSchema = changeFieldsObject.extend({
  newDagNumber: requiredText(120),
});
export type PlotChangeFields = z.output<typeof plotChangeFieldsSchema>;
export type PlotChangeInput = z.input<typeof plotChangeFieldsSchema>;
