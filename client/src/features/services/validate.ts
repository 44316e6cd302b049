import { KIND_FIELDS } from '@portal/shared/kinds/index';
import type { ServiceKind } from '@portal/shared/schemas/services';
import { checkSlots, type FileProblem } from '../../components/form/fileRules';
import type { PickedFile } from '../../components/form/FileSlot';
import { FORM_SLOTS, isImageOnly, SERVICE_KIND } from './slots';
import { isMessageKey } from '../../i18n/messages';

/**
 * The same schemas the server validates with (shared/src/kinds/) and the file rules
 * of spec 1 §5; every field and every file is required, and a problem stops the submission.
 */
export type ServiceErrors = Partial<Record<string, FileProblem>>;

export function validateService(
  kind: ServiceKind,
  values: Record<string, string>,
  files: Partial<Record<string, PickedFile>>,
): { fields: Record<string, unknown> | null; errors: ServiceErrors } {
  const errors: ServiceErrors = {};
  const parsed = KIND_FIELDS[SERVICE_KIND[kind]].safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!errors[field]) errors[field] = { key: isMessageKey(issue.message) ? issue.message : 'v.required' };
    }
  }
  Object.assign(
    errors,
    checkSlots(FORM_SLOTS[kind], files, (slot) => isImageOnly(kind, slot)),
  );
  return {
    fields: parsed.success && Object.keys(errors).length === 0 ? (parsed.data as Record<string, unknown>) : null,
    errors,
  };
}
