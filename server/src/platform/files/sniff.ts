import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED_FILE_TYPES, type AcceptedFileType } from '@portal/shared';

/**
 * The type of an upload decided by its magic bytes, never by its name or the browser's claim
 * (docs/decisions/018-service-targets.md, uploads). Anything outside JPEG, PNG, WebP and PDF is null.
 */
export async function sniffType(bytes: Uint8Array): Promise<AcceptedFileType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  return (ACCEPTED_FILE_TYPES as readonly string[]).includes(found.mime) ? (found.mime as AcceptedFileType) : null;
}

/** File-name extension for a sniffed type (used in Content-Disposition). */
export function extensionOf(mime: AcceptedFileType): string {
  switch (mime) {
    case 'image/jpeg':
      return 'jpg';
    case 'image/png':
      return 'png';
    case 'image/webp':
      return 'webp';
    case 'application/pdf':
      return 'pdf';
  }
}
