import type { Database } from '../../db/database.js';

/** What the status panel needs of one application and its licence, if any. */
export async function findStatusRow(db: Database, applicationId: string) {
  return db
    .selectFrom('applications as a')
    .leftJoin('licences as l', 'l.application_id', 'a.id')
    .select([
      'a.id',
      'a.application_number',
      'a.applicant_name',
      'a.mobile',
      'a.kind',
      'a.submitted_at',
      'a.intake_status',
      'a.stage',
      'a.seen_chairman',
      'a.seen_uno',
      'a.final_remarks',
      'a.recheck_requested',
      'a.recheck_message',
      'l.licence_number',
      'l.valid_to',
      'l.suspend_note',
    ])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
}
