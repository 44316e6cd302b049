import type { Transaction } from 'kysely';
import type { FileSlot, ManifestEntry, RequestKind } from '@portal/shared';
import type { DB, Stage } from '../../../platform/db/schema.js';
import { saveAttachment } from '../../../platform/files/blob-store.js';
import { wellPositionColumns } from '../../map/well-position.js';
import { isLive } from '../../applications/applications.repository.js';
import type { Db, HeldFile, IntakeRow, IntakeStore } from './types.js';

/**
 * SQL of the requests kept in the applications table (New, Existing, Renew, NameChange,
 * PlotChange). The searchable copy columns (applicant_name, mobile, ...) are written from the
 * validated fields, so the office's lists search and sort in PostgreSQL.
 */

export interface NewApplicationRow {
  id: string;
  kind: RequestKind;
  licenceId: string | null;
  contentHash: string;
  fields: Record<string, unknown>;
  manifest: ManifestEntry[];
  columns: {
    applicantName: string;
    fatherName: string;
    mobile: string;
    upazila: string;
    village: string;
    union: string;
    mouza: string;
    jlNumber: string;
    dagNumber: string;
  };
  stage: Stage;
  seen: { chairman: boolean; uno: boolean; badc: boolean };
  now: Date;
}

/** The search copy columns of the row, from a kind's columns (intake/kinds/application-kind.ts). */
export function searchColumnValues(c: NewApplicationRow['columns']) {
  return {
    applicant_name: c.applicantName,
    father_name: c.fatherName,
    mobile: c.mobile,
    upazila: c.upazila,
    village: c.village,
    union_name: c.union,
    mouza: c.mouza,
    jl_number: c.jlNumber,
    dag_number: c.dagNumber,
  };
}

/**
 * Inserts the request unless its id exists already (a repeat from the phone's outbox, or a
 * concurrent duplicate): ON CONFLICT DO NOTHING makes the race safe, and the number comes from the
 * sequence, so parallel submissions never share one. Null when the id existed.
 */
export async function insertApplication(
  trx: Transaction<DB>,
  row: NewApplicationRow,
): Promise<{ referenceNumber: number } | null> {
  const inserted = await trx
    .insertInto('applications')
    .values({
      id: row.id,
      kind: row.kind,
      licence_id: row.licenceId,
      content_hash: row.contentHash,
      intake_status: 'receiving',
      fields: JSON.stringify(row.fields),
      file_manifest: JSON.stringify(row.manifest),
      ...searchColumnValues(row.columns),
      // The indexed position the map and the siting check read (decision 028).
      ...wellPositionColumns(row.fields, 'applicant'),
      stage: row.stage,
      seen_chairman: row.seen.chairman,
      seen_uno: row.seen.uno,
      seen_badc: row.seen.badc,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('application_number')
    .executeTakeFirst();
  return inserted ? { referenceNumber: inserted.application_number } : null;
}

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
  async markComplete(trx, id, now) {
    await trx
      .updateTable('applications')
      .set({ intake_status: 'complete', submitted_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  },
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
