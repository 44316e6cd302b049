import type { ServiceKind, ServiceStatus } from '@portal/shared';
import type { AppDeps, StaffPrincipal } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { writeAudit } from '../audit/audit.repository.js';
import { deleteRequest, findStatus, updateStatus } from './services.repository.js';

/**
 * The office's work on complaints and copy requests (spec 2 §2): a status with a note, or deletion,
 * each audited. Citizens send them through the one intake (server/src/modules/intake/, decision 023).
 */

const auditSubject = (kind: ServiceKind, id: string, referenceNumber: number) =>
  kind === 'complaint' ? { complaintId: id, referenceNumber } : { copyRequestId: id, referenceNumber };

/** A status change with its note, audited (audit_log, application_id null, details naming the request). */
export async function changeStatus(
  deps: AppDeps,
  staff: StaffPrincipal,
  input: { kind: ServiceKind; id: string; status: ServiceStatus; note: string },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const current = await findStatus(trx, input.kind, input.id);
    if (!current) throw new Problem('NOT_FOUND');
    if (current.status === input.status && current.note === input.note) return;
    await updateStatus(trx, input.kind, input.id, input.status, input.note, now);
    await writeAudit(trx, {
      applicationId: null,
      actor: { userId: staff.id, email: staff.email },
      action: `${input.kind}-status`,
      fromStage: current.status,
      toStage: input.status,
      note: input.note || null,
      details: auditSubject(input.kind, input.id, current.referenceNumber),
      at: now,
    });
  });
}

export async function removeRequest(
  deps: AppDeps,
  staff: StaffPrincipal,
  kind: ServiceKind,
  id: string,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const current = await findStatus(trx, kind, id);
    if (!current) throw new Problem('NOT_FOUND');
    await deleteRequest(trx, kind, id);
    await writeAudit(trx, {
      applicationId: null,
      actor: { userId: staff.id, email: staff.email },
      action: `${kind}-deleted`,
      fromStage: current.status,
      note: current.note || null,
      details: auditSubject(kind, id, current.referenceNumber),
      at: now,
    });
  });
}
