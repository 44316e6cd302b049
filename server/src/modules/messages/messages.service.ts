import { normaliseMobile, splitNumbers, translate, type BulkSmsRequest } from '@portal/shared';
import type { AppDeps, StaffPrincipal } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { enqueueSms } from '../sms/outbox.js';
import { actorOf, writeAudit } from '../audit/audit.repository.js';

/**
 * Bulk messages (spec 2 §2 "Message"; the legacy form had no validation, spec 2 §5). Every number
 * is checked; if any is not a Bangladeshi mobile number nothing is queued and the wrong ones are
 * named, so the Admin can correct or remove them. Each number gets one row in the durable SMS
 * outbox (kind 'bulk'); the dedupe key makes a repeated press of Send queue nothing twice.
 */
export async function queueBulkSms(deps: AppDeps, staff: StaffPrincipal, input: BulkSmsRequest): Promise<number> {
  const pieces = splitNumbers(input.numbers);
  const invalid = pieces.filter((p) => !normaliseMobile(p));
  if (invalid.length) {
    throw new Problem('VALIDATION', {
      fields: { numbers: translate('bn', 'services.sms.invalidNumbers', { numbers: invalid.join(', ') }) },
    });
  }
  // The same number twice in the list gets one message.
  const numbers = [...new Set(pieces.map((p) => normaliseMobile(p)!))];
  if (numbers.length === 0) throw new Problem('VALIDATION', { fields: { numbers: translate('bn', 'v.required') } });
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const keyOf = (to: string) => `bulk:${input.batchId}:${to}`;
    // A repeated press of Send queues nothing again, and is not audited again.
    const sent = await trx
      .selectFrom('sms_outbox')
      .select('dedupe_key')
      .where('dedupe_key', 'in', numbers.map(keyOf))
      .execute();
    if (sent.length === numbers.length) return;
    for (const to of numbers) {
      await enqueueSms(trx, { to, body: input.message.trim(), kind: 'bulk', dedupeKey: keyOf(to) });
    }
    // Who sent what to how many numbers; the numbers stay in the outbox rows of this batch (their
    // dedupe keys name it), not in the audit (docs/decisions/041-audit-trail.md).
    await writeAudit(trx, {
      applicationId: null,
      entity: { type: 'smsBatch', id: input.batchId },
      actor: actorOf(staff),
      action: 'bulk-sms',
      details: { batchId: input.batchId, count: numbers.length - sent.length, message: input.message.trim() },
      at: now,
    });
  });
  return numbers.length;
}
