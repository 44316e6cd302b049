import { translate } from '@portal/shared';
import {
  REGISTER_SMS_MAX,
  RESTORE_DAYS,
  type RegisterDeleteRequest,
  type RegisterSmsRequest,
} from '@portal/shared/schemas/register';
import type { AppDeps, StaffPrincipal } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { takeToken } from '../../platform/http/rate-limit.js';
import { getSettings } from '../settings/settings.repository.js';
import { siteLabel } from '../sms/messages.js';
import { nudgeSmsWorker } from '../sms/worker.js';
import {
  lockDeletedApplication,
  lockLiveApplication,
  queueApplicationSms,
  restoreApplication,
  softDeleteApplication,
} from './register.repository.js';

/**
 * The register's changes to one application (docs/decisions/037-register-lists-and-exports.md):
 * a text message to its mobile, the soft delete and the Admin's restore. Each runs in one
 * transaction; the repository writes the audit row beside the change.
 */

const DAY_MS = 86_400_000;

/**
 * Per-row texts, like the other sends, are limited (decision 015): a few to one applicant a day, so a
 * slip of the mouse or a stuck button never floods a farmer's phone, and a ceiling per officer an
 * hour, far above a day's real work at the office.
 */
export const REGISTER_SMS_LIMITS = {
  perApplication: { limit: 5, windowSeconds: 24 * 60 * 60 },
  perOfficer: { limit: 60, windowSeconds: 60 * 60 },
};

const actorOf = (staff: StaffPrincipal) => ({ userId: staff.id, email: staff.email });

/** The typed text, or 422 with a Bangla reason on `message`. */
function checkMessage(raw: string): string {
  const message = raw.trim();
  const count = [...message].length;
  if (count === 0)
    throw new Problem('SMS_TEXT_INVALID', { fields: { message: translate('bn', 'register.sms.empty') } });
  if (count > REGISTER_SMS_MAX) {
    throw new Problem('SMS_TEXT_INVALID', {
      fields: { message: translate('bn', 'register.sms.tooLong', { max: REGISTER_SMS_MAX, count }) },
    });
  }
  return message;
}

export async function sendApplicationSms(
  deps: AppDeps,
  staff: StaffPrincipal,
  applicationId: string,
  input: RegisterSmsRequest,
): Promise<{ queued: boolean; to: string }> {
  const message = checkMessage(input.message);
  const now = deps.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const app = await lockLiveApplication(trx, applicationId);
    if (!app) throw new Problem('NOT_FOUND');
    const settings = await getSettings(trx);
    const site = siteLabel(settings.webUrl);
    // Like every text of the portal, it ends by naming the site it comes from (shared/src/i18n/bn/sms.ts).
    const body = site ? `${message}\n${translate('bn', 'sms.from', { site })}` : message;
    const queued = await queueApplicationSms(trx, {
      applicationId: app.id,
      to: app.mobile,
      body,
      message,
      dedupeKey: `register-sms:${input.clientMessageId}`,
      by: actorOf(staff),
      at: now,
    });
    // A repeat spends nothing; a refusal by a limit rolls the text and its audit row back.
    if (queued) {
      for (const [bucket, key, rule] of [
        ['register-sms-application', app.id, REGISTER_SMS_LIMITS.perApplication],
        ['register-sms-officer', String(staff.id), REGISTER_SMS_LIMITS.perOfficer],
      ] as const) {
        const token = await takeToken(trx, { bucket, key, ...rule, now });
        if (!token.allowed) throw new Problem('RATE_LIMITED', { retryAfterSeconds: token.retryAfterSeconds });
      }
    }
    return { queued, to: app.mobile };
  });
  if (result.queued) nudgeSmsWorker();
  return result;
}

export async function deleteApplication(
  deps: AppDeps,
  staff: StaffPrincipal,
  applicationId: string,
  input: RegisterDeleteRequest,
): Promise<{ id: string; applicationNumber: number; deletedAt: string }> {
  const now = deps.now();
  const done = await deps.db
    .transaction()
    .execute((trx) =>
      softDeleteApplication(trx, { id: applicationId, reason: input.reason.trim(), by: actorOf(staff), at: now }),
    );
  // Not there, or deleted already: either way there is no application to delete.
  if (!done) throw new Problem('NOT_FOUND');
  return { id: applicationId, applicationNumber: done.applicationNumber, deletedAt: done.deletedAt.toISOString() };
}

export async function restoreDeletedApplication(
  deps: AppDeps,
  staff: StaffPrincipal,
  applicationId: string,
): Promise<{ id: string; applicationNumber: number; deletedAt: null }> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const app = await lockDeletedApplication(trx, applicationId);
    if (!app) throw new Problem('NOT_FOUND');
    if (!app.deleted_at) {
      throw new Problem('ACTION_NOT_ALLOWED', { fields: { id: translate('bn', 'register.v.notDeleted') } });
    }
    const deletedAt = new Date(app.deleted_at);
    if (now.getTime() - deletedAt.getTime() > RESTORE_DAYS * DAY_MS) throw new Problem('RESTORE_EXPIRED');
    await restoreApplication(trx, {
      id: app.id,
      deleted: { at: deletedAt, by: app.deleted_by, reason: app.delete_reason },
      stage: app.stage,
      by: actorOf(staff),
      at: now,
    });
    return { id: app.id, applicationNumber: Number(app.application_number), deletedAt: null };
  });
}
