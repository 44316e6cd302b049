import type { Transaction } from 'kysely';
import type { DB, Stage } from '../../platform/db/schema.js';

/**
 * The soft delete and its restore (docs/decisions/037-register-lists-and-exports.md): the row stays
 * (its number is never given again) and isLive hides it. The applications module is the table's only
 * writer (docs/decisions/057-offices.md, "each module the only writer of its tables"); the register
 * decides, locks and audits in its transaction.
 */

/** Marks a live application deleted; undefined when there is no live one with this id. */
export async function markApplicationDeleted(
  trx: Transaction<DB>,
  input: { id: string; at: Date; byUserId: number; reason: string },
): Promise<{ application_number: number; stage: Stage } | undefined> {
  return trx
    .updateTable('applications')
    .set({ deleted_at: input.at, deleted_by: input.byUserId, delete_reason: input.reason })
    .where('id', '=', input.id)
    .where('deleted_at', 'is', null)
    .returning(['application_number', 'stage'])
    .executeTakeFirst();
}

/** Undoes a soft delete: the application is live again. */
export async function clearApplicationDeleted(trx: Transaction<DB>, id: string): Promise<void> {
  await trx
    .updateTable('applications')
    .set({ deleted_at: null, deleted_by: null, delete_reason: null })
    .where('id', '=', id)
    .execute();
}
