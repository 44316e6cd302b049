import { normaliseMobile, toBanglaDigits, translate, type Notice } from '@portal/shared';
import type { AppDeps } from '../../http/env.js';
import { Problem } from '../../http/problem.js';
import { enqueueSms } from '../../sms/outbox.js';
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
 */
export async function sendNoticeSms(deps: AppDeps, notice: Notice, list: string): Promise<number> {
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
  const body = noticeSmsText(notice.title, settings.webUrl.trim() || deps.config.publicUrl);
  await deps.db.transaction().execute(async (trx) => {
    for (const to of mobiles)
      await enqueueSms(trx, { to, body, kind: 'notice', dedupeKey: `notice:${notice.id}:${to}` });
  });
  return mobiles.length;
}
