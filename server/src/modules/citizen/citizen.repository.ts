import type { Database } from '../../platform/db/database.js';
import { isLive } from '../applications/applications.repository.js';

/**
 * What the status panel and the after-verification panels need of one application; a deleted one
 * is not found by its applicant either (decision 037).
 */
export async function findStatusRow(db: Database, applicationId: string) {
  return db
    .selectFrom('applications as a')
    .select([
      'a.id',
      'a.application_number',
      'a.applicant_name',
      'a.mobile',
      'a.kind',
      'a.licence_id',
      'a.submitted_at',
      'a.intake_status',
      'a.stage',
      'a.seen_chairman',
      'a.seen_uno',
      'a.final_remarks',
      'a.recheck_requested',
      'a.recheck_message',
      'a.stage_since',
      'a.checklist',
      'a.fields',
    ])
    .where('a.id', '=', applicationId)
    .where(isLive('a'))
    .executeTakeFirst();
}

/**
 * The licence an application is about: the one a renewal or change request names
 * (applications.licence_id), else the one issued on this application. Its status is computed by
 * licenceStatus() (shared/src/workflow/licence.ts), never stored as expired.
 */
export async function findLicenceOf(db: Database, app: { id: string; licence_id: string | null }) {
  const base = db
    .selectFrom('licences')
    .select(['id', 'licence_number', 'valid_from', 'valid_to', 'status', 'suspend_note', 'is_testing']);
  return app.licence_id
    ? base.where('id', '=', app.licence_id).executeTakeFirst()
    : base.where('application_id', '=', app.id).executeTakeFirst();
}

/** The slots that hold a file, with the file's id and SHA-256 (for the audit of a replacement). */
export async function heldFiles(db: Database, applicationId: string) {
  const rows = await db
    .selectFrom('application_files as f')
    .innerJoin('blobs as b', 'b.id', 'f.blob_id')
    .select(['f.slot', 'f.id', 'b.sha256'])
    .where('f.application_id', '=', applicationId)
    .execute();
  return new Map(rows.map((r) => [r.slot, { id: r.id, sha256: r.sha256 }]));
}

/** The application under a row lock, for the amendment and the consent letter (one writer at a time). */
export async function lockApplication(db: Database, applicationId: string) {
  return db
    .selectFrom('applications')
    .select(['id', 'kind', 'stage', 'intake_status', 'recheck_requested', 'checklist', 'fields', 'version'])
    .select('position_source')
    .where('id', '=', applicationId)
    .where(isLive())
    .forUpdate()
    .executeTakeFirst();
}
