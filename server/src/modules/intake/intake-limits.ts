import { INTAKE_LIMITS } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { Problem } from '../../platform/http/problem.js';
import { takeToken } from '../../platform/http/rate-limit.js';

/**
 * Abuse limits on citizen intake (issue 7; docs/decisions/015-abuse-limits-and-exports.md): new
 * submissions per address, and "application received" texts per mobile number. The numbers are in
 * INTAKE_LIMITS (shared/src/constants.ts).
 */

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

const ADDRESS_RULES = [
  { bucket: 'intake-address-hour', limit: INTAKE_LIMITS.newPerAddressPerHour, windowSeconds: HOUR },
  { bucket: 'intake-address-day', limit: INTAKE_LIMITS.newPerAddressPerDay, windowSeconds: DAY },
] as const;

/**
 * Counts one NEW application, complaint or copy request against the address it came from. Call it
 * only once the submission is known not to be a repeat: the phone's outbox posts the same clientId
 * on every attempt, and a repeat must never be counted or refused. Both windows are taken in one
 * transaction, so a refusal by one does not spend the other. The refusal is a 429 with Retry-After,
 * which the outbox treats as "not now": the item stays on the phone and is sent again later.
 */
export async function countNewSubmission(db: Database, address: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const rule of ADDRESS_RULES) {
      const { allowed, retryAfterSeconds } = await takeToken(trx, { ...rule, key: address, now });
      if (!allowed) throw new Problem('SUBMISSIONS_LIMITED', { retryAfterSeconds });
    }
  });
}

/**
 * Whether the mobile number may get another "application received" text today. Called inside the
 * transaction that completes the application, so the count commits with the queued text. Over the
 * limit the application is still accepted; only the text is left out (decision 015): refusing it
 * would let anyone block a farmer's application by filing others with the farmer's number.
 */
export async function mayTextReceived(trx: Database, mobile: string, now: Date): Promise<boolean> {
  const { allowed } = await takeToken(trx, {
    bucket: 'sms-received-number',
    key: mobile,
    limit: INTAKE_LIMITS.receivedTextsPerNumberPerDay,
    windowSeconds: DAY,
    now,
  });
  return allowed;
}
