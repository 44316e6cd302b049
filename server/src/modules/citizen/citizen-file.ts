import type { Transaction } from 'kysely';
import type { FileSlot } from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import { saveAttachment } from '../../platform/files/blob-store.js';
import type { CheckedUpload } from '../../platform/files/check-upload.js';
import { writeAudit } from '../audit/audit.repository.js';
import { heldFiles } from './citizen.repository.js';

/**
 * A file the verified applicant puts on their application (a replaced document on recheck, the
 * signed consent letter), stored in the caller's transaction with the audit row BADC reads: which
 * slot, and the old and new file (id and SHA-256), so a replacement never hides what it replaced.
 */
export async function storeCitizenFile(
  trx: Transaction<DB>,
  app: { id: string; stage: string },
  input: { slot: FileSlot; file: CheckedUpload; originalName: string | null; action: string; note: string; at: Date },
) {
  const old = (await heldFiles(trx, app.id)).get(input.slot) ?? null;
  const file = await saveAttachment(trx, {
    applicationId: app.id,
    slot: input.slot,
    file: input.file,
    originalName: input.originalName,
    uploadedBy: null,
    at: input.at,
  });
  await writeAudit(trx, {
    applicationId: app.id,
    actor: 'citizen',
    action: input.action,
    fromStage: app.stage,
    toStage: app.stage,
    note: input.note,
    details: {
      slot: input.slot,
      oldFileId: old?.id ?? null,
      oldSha256: old?.sha256 ?? null,
      newFileId: file.id,
      newSha256: file.sha256,
    },
    at: input.at,
  });
  return file;
}
