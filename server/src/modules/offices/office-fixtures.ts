import crypto from 'node:crypto';
import type { Database } from '../../platform/db/database.js';

/**
 * A complete application in the office of `db`, at `stage`; answers its number there. `submittedAt`
 * lets a test give many offices' rows the same time, `applicantName` tell them apart.
 */
export async function insertApplication(
  db: Database,
  opts: { stage?: 'Pending' | 'Approved' | 'Decline'; submittedAt?: Date; applicantName?: string } = {},
) {
  const now = opts.submittedAt ?? new Date();
  const row = await db
    .insertInto('applications')
    .values({
      id: crypto.randomUUID(),
      kind: 'New',
      content_hash: crypto.randomBytes(8).toString('hex'),
      fields: JSON.stringify({}),
      file_manifest: JSON.stringify([]),
      applicant_name: opts.applicantName ?? 'করিম',
      mobile: '01711111111',
      intake_status: 'complete',
      stage: opts.stage ?? 'Pending',
      submitted_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('application_number')
    .executeTakeFirstOrThrow();
  return Number(row.application_number);
}
