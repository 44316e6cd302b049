import { normaliseMobile, toBanglaDigits, translate, type Notice } from '@portal/shared';
import type { AppDeps, StaffPrincipal } from '../../platform/http/env.js';
import { actorOf, writeAudit } from '../audit/audit.repository.js';
import { Problem } from '../../platform/http/problem.js';
import { enqueueSms } from '../sms/outbox.js';
import { getSettings } from '../settings/settings.repository.js';

/** The announcement (spec 2 §7): the notice title, a new-notice line and the link to the notice board. */
export function noticeSmsText(title: string, siteUrl: string): string {
  return `${title}\n${translate('bn', 'content.sms.newNotice')} ${siteUrl.replace(/\/+$/, '')}/notice`;
}

/**
 * Queues the announcement to every number in a comma-separated list. Every number is checked
 * first: if any is not a Bangladeshi mobile, nothing is queued and the bad ones are named in
 * Bangla, so the Admin fixes the list and sends once. A repeated send of the same notice to the
 * same number is dropped by the outbox (dedupe key), so a double click never texts anyone twice.
 *
 * Audited in the same transaction: who sent which notice's text to how many numbers. The numbers
 * themselves stay in the outbox, where they are needed to send; the audit keeps no phone list
 * (docs/decisions/041-audit-trail.md).
 */
export async function sendNoticeSms(
  deps: AppDeps,
  siteUrl: string,
  staff: StaffPrincipal,
  notice: Notice,
  list: string,
): Promise<number> {
  const entries = list
    .split(/[,،;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const invalid = entries.filter((e) => normaliseMobile(e) === null);
  if (invalid.length > 0 || entries.length === 0) {
    const numbers = invalid.length ? invalid.map((n) => toBanglaDigits(n)).join(', ') : '—';
    throw new Problem('VALIDATION', { fields: { mobiles: translate('bn', 'content.v.mobilesInvalid', { numbers }) } });
  }
  const mobiles = [...new Set(entries.map((e) => normaliseMobile(e)!))];
  const settings = await getSettings(deps.db);
  const body = noticeSmsText(notice.title, settings.webUrl.trim() || siteUrl);
  const keyOf = (to: string) => `notice:${notice.id}:${to}`;
  await deps.db.transaction().execute(async (trx) => {
    const sent = await trx
      .selectFrom('sms_outbox')
      .select('dedupe_key')
      .where('dedupe_key', 'in', mobiles.map(keyOf))
      .execute();
    for (const to of mobiles) await enqueueSms(trx, { to, body, kind: 'notice', dedupeKey: keyOf(to) });
    // Sent to every one of them before: nothing new was queued, nothing new to audit.
    if (sent.length === mobiles.length) return;
    await writeAudit(trx, {
      applicationId: null,
      entity: { type: 'notice', id: notice.id, label: notice.title },
      actor: actorOf(staff),
      action: 'notice.sms',
      details: { count: mobiles.length - sent.length, message: body },
      at: deps.now(),
    });
  });
  return mobiles.length;
}
