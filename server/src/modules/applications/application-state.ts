import type { Transaction } from 'kysely';
import type { PipelineState } from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import type { WellPositionColumns } from '../map/well-position.js';

/**
 * Where an application stands: its stage and seen flags, its intake status, the officers' answers
 * that travel with a decision. The applications module is the table's only writer
 * (docs/decisions/057-offices.md, "each module the only writer of its tables"): the requests, intake
 * and citizen modules decide, and call these in their own transaction under their own row lock.
 */

export interface ApplicationPatch {
  stage: PipelineState['stage'];
  seen: PipelineState['seen'];
  fields?: Record<string, unknown>;
  /** The well's position columns, from wellPositionColumns (decision 028). */
  position?: Partial<WellPositionColumns>;
  checklist?: { ok: boolean; reason?: string }[];
  finalRemarks?: string | null;
  recheck?: { requested: boolean; message: string | null };
}

/**
 * An officer's action (spec 3 §4): the next stage and seen flags with the answers the action carries,
 * and the version bumped that the next officer's request must carry (decision 012).
 */
export async function saveNextState(
  trx: Transaction<DB>,
  app: { id: string; version: number },
  patch: ApplicationPatch,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('applications')
    .set({
      stage: patch.stage,
      seen_chairman: patch.seen.chairman,
      seen_uno: patch.seen.uno,
      seen_badc: patch.seen.badc,
      ...(patch.fields ? { fields: JSON.stringify(patch.fields) } : {}),
      ...patch.position,
      ...(patch.checklist ? { checklist: JSON.stringify(patch.checklist) } : {}),
      ...(patch.finalRemarks !== undefined ? { final_remarks: patch.finalRemarks } : {}),
      ...(patch.recheck ? { recheck_requested: patch.recheck.requested, recheck_message: patch.recheck.message } : {}),
      version: app.version + 1,
      updated_at: now,
    })
    .where('id', '=', app.id)
    .execute();
}

/** The last file of a request has arrived: it becomes an application the offices see (intake protocol). */
export async function markIntakeComplete(trx: Transaction<DB>, id: string, now: Date): Promise<void> {
  await trx
    .updateTable('applications')
    .set({ intake_status: 'complete', submitted_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * The applicant's "done" after a recheck: back to BADC's pending list, the recheck closed, and a new
 * version (an officer's screen opened before is then stale; docs/decisions/025-amendment-and-consent.md).
 */
export async function returnAmendedToPending(
  trx: Transaction<DB>,
  app: { id: string; version: number },
  now: Date,
): Promise<void> {
  await trx
    .updateTable('applications')
    .set({ stage: 'Pending', recheck_requested: false, version: app.version + 1, updated_at: now })
    .where('id', '=', app.id)
    .execute();
}
