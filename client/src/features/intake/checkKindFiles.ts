import { isImageOnlySlot } from '@portal/shared/kinds/slots';
import { checkFile, type FileProblem } from '../../components/form/fileRules';
import type { PickedFile } from '../../components/form/FileSlot';
import { fileErrorKey } from '../application/formValues';
import { KIND_FORMS, type FormKind } from './kindForms';

export type PickedFiles = Partial<Record<string, PickedFile>>;

/**
 * Every document slot of the kind, each present and checked for type and the real 1,500,000-byte
 * limit. No zod here: the form can check its documents even when its field checks could not be
 * fetched (KindForm's tryValidation).
 */
export function checkKindFiles(kind: FormKind, files: PickedFiles): Partial<Record<string, FileProblem>> {
  const errors: Partial<Record<string, FileProblem>> = {};
  for (const slot of KIND_FORMS[kind].slots) {
    const file = files[slot];
    const problem = file ? checkFile(file, isImageOnlySlot(slot)) : { key: 'v.fileMissing' as const };
    if (problem) errors[fileErrorKey(slot)] = problem;
  }
  return errors;
}
