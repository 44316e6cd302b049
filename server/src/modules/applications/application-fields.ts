import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { WellPositionColumns } from '../map/well-position.js';
import type { SearchColumnValues } from './application-insert.js';

/**
 * An application's fields and its well's position changed after it was submitted: by the office's
 * edit view, the applicant's amendment, or an inspector's visit. The applications module is the
 * table's only writer (docs/decisions/057-offices.md, "each module the only writer of its tables");
 * the callers check, lock, audit and hold the transaction.
 */

/**
 * The office's edit (docs/decisions/038-edit-view-and-override.md): the fields with the search copy
 * columns written from them, the well's position when it changed, and a new version (an officer's
 * screen opened before is then stale).
 */
export async function writeEditedFields(
  trx: Transaction<DB>,
  app: { id: string; version: number },
  edit: {
    fields: Record<string, unknown>;
    columns: SearchColumnValues;
    position: Partial<WellPositionColumns>;
    at: Date;
  },
): Promise<void> {
  await trx
    .updateTable('applications')
    .set({
      fields: JSON.stringify(edit.fields),
      ...edit.columns,
      ...edit.position,
      version: app.version + 1,
      updated_at: edit.at,
    })
    .where('id', '=', app.id)
    .execute();
}

/**
 * The applicant's amendment during a recheck (docs/decisions/025-amendment-and-consent.md): the
 * fields, the copy columns of the changed ones and the position; the version stays (the officer's
 * screen is made stale by "done", returnAmendedToPending).
 */
export async function writeAmendedFields(
  trx: Transaction<DB>,
  id: string,
  amended: {
    fields: Record<string, unknown>;
    columns: Partial<SearchColumnValues>;
    position: Partial<WellPositionColumns>;
    at: Date;
  },
): Promise<void> {
  await trx
    .updateTable('applications')
    .set({
      fields: JSON.stringify(amended.fields),
      ...amended.columns,
      ...amended.position,
      updated_at: amended.at,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The well's position an inspector recorded on a visit (docs/decisions/030-field-visits.md); the
 * version is not bumped, so the decision the phone queued after the visit is no conflict.
 */
export async function writeVisitedWellPosition(
  trx: Transaction<DB>,
  applicationId: string,
  columns: Partial<WellPositionColumns>,
): Promise<void> {
  await trx.updateTable('applications').set(columns).where('id', '=', applicationId).execute();
}
