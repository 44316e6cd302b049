import { isMessageKey } from '../../i18n/messages';
import type { MessageKey } from '@portal/shared/i18n/index';
import { KIND_FIELDS } from '@portal/shared/kinds/index';
import { oldRecordFieldsSchema } from '@portal/shared/kinds/old';
import type { StoredKind } from '@portal/shared/kinds/slots';
import { identityComplete, type FormValues } from '../application/formValues';
import { KIND_FORMS, type KindValues } from '../intake/kindForms';

/**
 * The edit form's check, with the schema the server validates with (the citizen's form, or the
 * old-record form), so the officer sees the citizen form's Bangla message before saving. Documents
 * are not part of it: each one is replaced on its own.
 */
export function validateEdit(kind: StoredKind, values: KindValues): Partial<Record<string, MessageKey>> {
  const schema = kind === 'Old' ? oldRecordFieldsSchema : KIND_FIELDS[kind];
  const errors: Partial<Record<string, MessageKey>> = {};
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= isMessageKey(issue.message) ? issue.message : 'v.required';
    }
  }
  // As the citizen's form: a half-filled identity is named together with everything else.
  if (kind !== 'Old' && KIND_FORMS[kind].identity && !errors.applicantName) {
    if (!identityComplete(values as unknown as FormValues)) errors.applicantName = 'v.identity';
  }
  return errors;
}
