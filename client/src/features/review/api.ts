import { MAX_FILE_BYTES } from '@portal/shared/constants';
import type { OfficerFileSlot } from '@portal/shared/schemas/files';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { api } from '../../api/client';
import { sha256Hex } from '../../offline/outbox';

/** Long enough for a slow 2G answer, short enough that an inspector with no signal soon sees the cached copy. */
const READ_TIMEOUT_MS = 15_000;

export function detailPath(id: string): string {
  return `/api/staff/applications/${encodeURIComponent(id)}`;
}

export function fetchDetail(id: string): Promise<ApplicationDetail> {
  return api<ApplicationDetail>(detailPath(id), { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
}

export class FileTooLargeError extends Error {
  constructor(readonly size: number) {
    super('FILE_TOO_LARGE');
  }
}

/**
 * An officer's file (inspection report, bank slip, manager consent) as raw bytes, one file per
 * request (docs/API.md). The server decides the type from the bytes; the size is checked here
 * first so that nobody waits for an upload the server will refuse.
 */
export async function uploadOfficerFile(id: string, slot: OfficerFileSlot, file: File): Promise<void> {
  if (file.size > MAX_FILE_BYTES) throw new FileTooLargeError(file.size);
  await api<unknown>(`${detailPath(id)}/files/${slot}`, {
    method: 'PUT',
    body: file,
    headers: {
      'content-type': file.type || 'application/octet-stream',
      // Header values must be Latin-1; Bangla file names travel percent-encoded.
      'x-file-name': encodeURIComponent(file.name.slice(0, 255)),
      'x-file-sha256': await sha256Hex(file),
    },
  });
}
