import type { ServiceKind } from '@portal/shared/schemas/services';
import { checkFile, type FileProblem } from '../../components/form/fileRules';
import type { PickedFile } from '../../components/form/FileSlot';
import { FORM_SLOTS, isImageOnly } from './slots';

/**
 * Every document of a complaint or copy request: present, of an accepted type, within the limit.
 * No zod here, so the form can check its documents even when its field checks could not be fetched
 * (docs/decisions/044-catalogue-by-page.md).
 */
export function checkServiceFiles(
  kind: ServiceKind,
  files: Partial<Record<string, PickedFile>>,
): Partial<Record<string, FileProblem>> {
  const errors: Partial<Record<string, FileProblem>> = {};
  for (const slot of FORM_SLOTS[kind]) {
    const file = files[slot];
    const problem = file ? checkFile(file, isImageOnly(kind, slot)) : { key: 'v.fileMissing' as const };
    if (problem) errors[`file:${slot}`] = problem;
  }
  return errors;
}
