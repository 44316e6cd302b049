import { isMessageKey } from '../../i18n/messages';
import { KIND_FIELDS } from '@portal/shared/kinds/index';
import { isImageOnlySlot } from '@portal/shared/kinds/slots';
import { checkSlots, type FileProblem } from '../../components/form/fileRules';
import { identityComplete, type FormValues } from '../application/formValues';
import type { PickedFile } from '../../components/form/FileSlot';
import { KIND_FORMS, type FormKind, type KindValues } from './kindForms';

/** Field name (or `file:<slot>` for a document) → the Bangla rule it breaks, as an i18n key with its parameters. */
export type FormErrors = Partial<Record<string, FileProblem>>;
export type PickedFiles = Partial<Record<string, PickedFile>>;

/**
 * The kind's own schema (shared/src/kinds/<kind>.ts), the one the server validates with, so the
 * person sees on the phone the Bangla message the server would give; and every document slot of
 * the kind, each checked for type and the real 1,500,000-byte limit. Any problem stops the
 * submission (spec README defect 7). This module loads zod: the form imports it after painting.
 */
export function validateKind(
  kind: FormKind,
  values: KindValues,
  files: PickedFiles,
): { fields: Record<string, unknown> | null; errors: FormErrors } {
  const errors: FormErrors = {};
  const parsed = KIND_FIELDS[kind].safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!errors[field]) errors[field] = { key: isMessageKey(issue.message) ? issue.message : 'v.required' };
    }
  }
  // zod runs the identity check only once every other field is valid; the person should hear
  // about a half-filled cooperative or group together with everything else.
  if (KIND_FORMS[kind].identity && !errors.applicantName && !identityComplete(values as unknown as FormValues)) {
    errors.applicantName = { key: 'v.identity' };
  }
  Object.assign(errors, checkSlots(KIND_FORMS[kind].slots, files, isImageOnlySlot));
  const ok = parsed.success && Object.keys(errors).length === 0;
  return { fields: ok ? (parsed.data as Record<string, unknown>) : null, errors };
}
