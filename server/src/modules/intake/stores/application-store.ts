import type { FileSlot, ManifestEntry } from '@portal/shared';
import { saveAttachment } from '../../../platform/files/blob-store.js';
import { markIntakeComplete } from '../../applications/application-state.js';
import { isLive } from '../../applications/applications.repository.js';
import type { Db, HeldFile, IntakeRow, IntakeStore } from './types.js';

/**
 * SQL of the requests kept in the applications table (New, Existing, Renew, NameChange,
 * PlotChange). Their rows are written by the applications module (applications/application-insert.ts,
 * applications/application-state.ts), the only writer of the table (docs/decisions/057-offices.md);
 * the files and the reads are here.
 */

async function find(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<IntakeRow | null> {
  let q = db
    .selectFrom('applications')
    .select(['id', 'application_number', 'content_hash', 'intake_status', 'file_manifest', 'mobile', 'fields'])
    .where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    referenceNumber: r.application_number,
    contentHash: r.content_hash,
    intakeStatus: r.intake_status,
    manifest: r.file_manifest as ManifestEntry[],
    mobile: r.mobile,
    fields: r.fields,
  };
}

async function storedSlots(db: Db, applicationId: string): Promise<Map<string, HeldFile>> {
  const rows = await db
    .selectFrom('application_files as f')
    .innerJoin('blobs as b', 'b.id', 'f.blob_id')
    .select(['f.slot', 'b.sha256', 'b.mime', 'b.size'])
    .where('f.application_id', '=', applicationId)
    .execute();
  return new Map(rows.map((r) => [r.slot, { sha256: r.sha256, mime: r.mime, size: r.size }]));
}

export const applicationStore: IntakeStore = {
  find,
  storedSlots,
  async saveFile(trx, input) {
    const file = await saveAttachment(trx, {
      applicationId: input.id,
      slot: input.slot as FileSlot,
      file: input.file,
      originalName: input.originalName,
      uploadedBy: null,
      at: input.at,
    });
    return { sha256: file.sha256, mime: file.mime, size: file.size };
  },
  markComplete: markIntakeComplete,
};

/**
 * The licence a renewal names, with its holder's mobile (the issuing application's); the licence of
 * a deleted application cannot be renewed (decision 037).
 */
export async function findLicenceByNumber(db: Db, licenceNumber: number) {
  return db
    .selectFrom('licences as l')
    .innerJoin('applications as a', 'a.id', 'l.application_id')
    .select(['l.id', 'l.status', 'l.valid_to', 'l.is_testing', 'a.mobile'])
    .where('l.licence_number', '=', licenceNumber)
    .where(isLive('a'))
    .executeTakeFirst();
}

/**
 * The licence issued on an application (a change request is about it), with its holder's present
 * name: the licence's own, which an approved name change has made differ from the application's.
 */
export async function findLicenceOfApplication(db: Db, applicationId: string) {
  return db
    .selectFrom('applications as a')
    .leftJoin('licences as l', 'l.application_id', 'a.id')
    .select(['a.id', 'a.stage', 'a.applicant_name', 'l.id as licenceId', 'l.holder_name as holderName'])
    .where('a.id', '=', applicationId)
    .where(isLive('a'))
    .executeTakeFirst();
}
