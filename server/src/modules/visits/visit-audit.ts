import type { Transaction } from 'kysely';
import { formatDateBn, toBanglaDigits, translate, type VisitPosition } from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import { writeAudit } from '../audit/audit.repository.js';
import type { VisitedApplication } from './visits.repository.js';

/** Bangladesh time (UTC+6, no daylight saving) as "dd-mm-yyyy hh:mm" in Bangla digits. */
function dhakaTimeBn(at: Date): string {
  const local = new Date(at.getTime() + 6 * 3600_000).toISOString();
  return `${formatDateBn(local.slice(0, 10))} ${toBanglaDigits(local.slice(11, 16))}`;
}

/**
 * The line the application's history shows for a completed visit (decision 030): who, when (the
 * phone's time, Bangladesh time), where ± how precisely, how many photos. The history is read by
 * officers in Bangla; the figures are in the row's details too, for anything that needs them.
 */
export function visitNote(v: {
  officerEmail: string;
  visitedAt: Date;
  position: VisitPosition | null;
  photos: number;
}) {
  const position = v.position
    ? translate('bn', 'visits.audit.position', {
        latitude: toBanglaDigits(v.position.latitude.toFixed(5)),
        longitude: toBanglaDigits(v.position.longitude.toFixed(5)),
        accuracy: toBanglaDigits(Math.round(v.position.accuracyM)),
      })
    : translate('bn', 'visits.audit.noPosition');
  return translate('bn', 'visits.audit.note', {
    officer: v.officerEmail,
    time: dhakaTimeBn(v.visitedAt),
    position,
    photos: toBanglaDigits(v.photos),
  });
}

/** One audit row on the application when its visit is complete; the stage does not change. */
export async function auditVisit(
  trx: Transaction<DB>,
  v: {
    app: VisitedApplication;
    visitId: string;
    officer: { id: number; email: string };
    visitedAt: Date;
    position: VisitPosition | null;
    photos: number;
    decision: string;
    positionRecorded: boolean;
    at: Date;
  },
): Promise<void> {
  await writeAudit(trx, {
    applicationId: v.app.id,
    actor: { userId: v.officer.id, email: v.officer.email },
    action: 'fieldVisit',
    fromStage: v.app.stage,
    toStage: v.app.stage,
    note: visitNote({ officerEmail: v.officer.email, visitedAt: v.visitedAt, position: v.position, photos: v.photos }),
    details: {
      visitId: v.visitId,
      visitedAt: v.visitedAt.toISOString(),
      ...(v.position ?? {}),
      photos: v.photos,
      decision: v.decision,
      positionRecorded: v.positionRecorded,
    },
    at: v.at,
  });
}
