import type { Transaction } from 'kysely';
import {
  applyLicenceAction,
  licenceStatus,
  todayInDhaka,
  type LicenceActionInput,
  type LicenceActionRequest,
  type LicenceActionResult,
  type LicenceState,
  type StaffRole,
} from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import type { AppDeps, StaffPrincipal } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { decideOnce } from '../requests/idempotency.js';
import { getSettings } from '../settings/settings.repository.js';
import { enqueueSms } from '../sms/outbox.js';
import { smsText } from '../sms/messages.js';
import { writeLicenceAudit } from './licence-audit.js';
import { insertPeriod, readLicenceSummary, updateLicence } from './licence.writer.js';
import { isLive } from '../applications/applications.repository.js';

/**
 * One licence action (spec 3 §2 licence screens, §4, §7) in one transaction, the way review
 * actions go (docs/decisions/012-offline-queue-truth.md): the officer check, the client action id
 * claimed, the licence locked, then role, version and status in that order; the next state, the
 * period row, the audit row and the text, and the new summary as the answer.
 */
export type LicenceOfficer = StaffPrincipal & { role: StaffRole };

export async function performLicenceAction(
  deps: AppDeps,
  officer: LicenceOfficer,
  licenceId: string,
  req: LicenceActionRequest,
): Promise<LicenceActionResult> {
  const decision = {
    key: req.clientActionId,
    scope: `licence.action:${licenceId}`,
    request: { user: officer.id, licenceId, action: req.action, version: req.version, payload: req.payload },
    by: officer.id,
    queuedBy: req.officerId,
  };
  return decideOnce(deps, decision, async (trx, now) => {
    const today = todayInDhaka(now);

    const row = await trx
      .selectFrom('licences as l')
      .innerJoin('applications as a', 'a.id', 'l.application_id')
      .select([
        'l.id',
        'l.application_id',
        'l.licence_number',
        'l.version',
        'l.status',
        'l.is_testing',
        'l.valid_from',
        'l.valid_to',
        'a.mobile',
      ])
      .where('l.id', '=', licenceId)
      // The licence of a deleted application is not found (decision 037).
      .where(isLive('a'))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new Problem('NOT_FOUND');
    const state: LicenceState = {
      suspended: row.status === 'suspended',
      testing: row.is_testing,
      validFrom: row.valid_from,
      validTo: row.valid_to,
    };
    const result = applyLicenceAction(state, inputOf(req), officer.role, today);
    if (!result.ok && result.reason === 'ROLE') throw new Problem('FORBIDDEN');
    if (row.version !== req.version) {
      throw new Problem('STALE_STATE', { current: await summary(trx, licenceId, now) });
    }
    if (!result.ok) throw new Problem('ACTION_NOT_ALLOWED');

    const next = result.next;
    await updateLicence(trx, licenceId, {
      status: next.suspended ? 'suspended' : 'active',
      is_testing: next.testing,
      valid_from: next.validFrom,
      valid_to: next.validTo,
      suspend_note: next.suspendNote,
      ...(next.termYears ? { term_years: next.termYears } : {}),
    });
    for (const effect of result.effects) {
      if (effect.kind === 'period') {
        await insertPeriod(trx, licenceId, {
          requestId: null,
          issuedOn: today,
          validFrom: effect.validFrom,
          validTo: effect.validTo,
          now,
        });
      } else if (effect.kind === 'sms' && req.action === 'suspend') {
        const settings = await getSettings(trx);
        if (settings.sms_application_suspend === 'ON') {
          await enqueueSms(trx, {
            to: row.mobile,
            body: smsText.suspended({ note: req.payload.note, webUrl: settings.webUrl }),
            kind: 'suspended',
            dedupeKey: `licence:${req.clientActionId}:suspended`,
          });
        }
      }
    }
    await writeLicenceAudit(trx, {
      licenceId,
      applicationId: row.application_id,
      actor: { userId: officer.id, email: officer.email },
      action: req.action,
      fromStatus: licenceStatus(state, today),
      toStatus: licenceStatus(next, today),
      note: req.action === 'suspend' ? req.payload.note : null,
      details: { payload: req.payload, licenceNumber: Number(row.licence_number) },
      at: now,
    });

    return summary(trx, licenceId, now);
  });
}

function inputOf(req: LicenceActionRequest): LicenceActionInput {
  switch (req.action) {
    case 'confirm':
      return { action: 'confirm' };
    case 'suspend':
      return { action: 'suspend', note: req.payload.note };
    case 'reactivate':
      return { action: 'reactivate', validFrom: req.payload.validFrom, validTo: req.payload.validTo };
  }
}

async function summary(trx: Transaction<DB>, licenceId: string, now: Date): Promise<LicenceActionResult> {
  return (await readLicenceSummary(trx, licenceId, now))!;
}
