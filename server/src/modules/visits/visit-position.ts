import type { Transaction } from 'kysely';
import { VISIT_POSITION_MAX_ACCURACY_M, type VisitPosition } from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import { writeVisitedWellPosition } from '../applications/application-fields.js';
import { wellPositionColumns } from '../map/well-position.js';

/**
 * The position an inspector recorded on a completed visit becomes the well's (docs/decisions/030-field-visits.md):
 * through the map module's one rule (wellPositionColumns, decision 028), as the officer's position,
 * which wins over the applicant's for good. Only a fix within VISIT_POSITION_MAX_ACCURACY_M moves
 * the well: a network fix ± a kilometre would move the pin into a neighbour's field and mislead the
 * siting check; it stays on the visit.
 *
 * The application's version is not bumped: the decision the phone queued after the visit carries
 * the version the officer saw, and a position must not make it a conflict (decision 012). Answers
 * whether the well's position changed.
 */
export async function recordVisitPosition(
  trx: Transaction<DB>,
  input: { applicationId: string; position: VisitPosition | null; at: Date },
): Promise<boolean> {
  const p = input.position;
  if (!p || p.accuracyM > VISIT_POSITION_MAX_ACCURACY_M) return false;
  const columns = wellPositionColumns({ latitude: p.latitude, longitude: p.longitude }, 'officer');
  if (Object.keys(columns).length === 0) return false;
  await writeVisitedWellPosition(trx, input.applicationId, columns);
  return true;
}
