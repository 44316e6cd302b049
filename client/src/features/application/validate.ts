import { type MessageKey } from '@portal/shared/i18n/index';
import { newApplicationFieldsSchema, type NewApplicationFields } from '@portal/shared/schemas/application';
import { checkFile, type FileProblem } from '../../components/form/fileRules';
import type { PickedFile } from '../../components/form/FileSlot';
import { fileErrorKey, identityComplete, IMAGE_SLOTS, NEW_FORM_SLOTS, type FormValues } from './formValues';
import { bn } from '@portal/shared/i18n/bn/index';

/** Field name (or `file:<slot>` for a document) → the Bangla rule it breaks, as an i18n key with its parameters. */
export type FormErrors = Partial<Record<string, FileProblem>>;
export type PickedFiles = Partial<Record<string, PickedFile>>;

const isKey = (m: string): m is MessageKey => m in bn;

/**
 * The same schema the server validates with (shared/src/schemas/application.ts), so the person
 * sees the same Bangla message on the phone that the server would give.
 */
export function validateApplication(
  values: FormValues,
  files: PickedFiles,
): { fields: NewApplicationFields | null; errors: FormErrors } {
  const errors: FormErrors = {};
  const parsed = newApplicationFieldsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!errors[field]) errors[field] = { key: isKey(issue.message) ? issue.message : 'v.required' };
    }
  }
  if (!errors.applicantName && !identityComplete(values)) errors.applicantName = { key: 'v.identity' };
  for (const slot of NEW_FORM_SLOTS) {
    const file = files[slot];
    const problem = file ? checkFile(file, IMAGE_SLOTS.includes(slot)) : { key: 'v.fileMissing' as const };
    if (problem) errors[fileErrorKey(slot)] = problem;
  }
  return { fields: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors };
}
