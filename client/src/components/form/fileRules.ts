import { ACCEPTED_FILE_TYPES, IMAGE_FILE_TYPES, MAX_FILE_BYTES } from '@portal/shared/constants';
import type { MessageKey } from '@portal/shared/i18n/index';

/**
 * The phone-side file checks of spec 1 §5: size at most 1,500,000 bytes (the message states the
 * real limit, spec README defect 7) and type by extension or MIME type. The server decides by the
 * bytes; this only saves the person a wasted upload.
 */
const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

export interface FileProblem {
  key: MessageKey;
  params?: Record<string, string>;
}

/** The type this file claims, by MIME type first and then by extension (either case). */
export function claimedType(file: { name: string; type: string }): string | null {
  if ((ACCEPTED_FILE_TYPES as readonly string[]).includes(file.type)) return file.type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext ? (EXTENSION_TYPES[ext] ?? null) : null;
}

export function checkFile(file: { name: string; type: string; size: number }, imageOnly: boolean): FileProblem | null {
  const type = claimedType(file);
  if (imageOnly && !(type && (IMAGE_FILE_TYPES as readonly string[]).includes(type))) return { key: 'v.fileImage' };
  if (!type) return { key: 'v.fileType' };
  if (file.size === 0) return { key: 'problem.FILE_EMPTY' };
  // The file's own size is shown beside it (FileSlot), in the person's language.
  if (file.size > MAX_FILE_BYTES) return { key: 'v.fileTooLarge' };
  return null;
}

/** Documents have their own error keys: the NID number field and the NID copy slot must not share one. */
export const fileErrorKey = (slot: string) => `file:${slot}`;

/**
 * Every document slot of a form: present, of an accepted type, within the limit. No zod here, so a
 * form can check its documents even when its field checks could not be fetched
 * (docs/decisions/044-catalogue-by-page.md).
 */
export function checkSlots(
  slots: readonly string[],
  files: Partial<Record<string, { name: string; type: string; size: number }>>,
  imageOnly: (slot: string) => boolean,
): Partial<Record<string, FileProblem>> {
  const errors: Partial<Record<string, FileProblem>> = {};
  for (const slot of slots) {
    const file = files[slot];
    const problem = file ? checkFile(file, imageOnly(slot)) : { key: 'v.fileMissing' as const };
    if (problem) errors[fileErrorKey(slot)] = problem;
  }
  return errors;
}
