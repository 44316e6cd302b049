import { sql } from 'kysely';
import { formatDateBn, toBanglaDigits, todayInDhaka, translate } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { getSettings } from '../settings/settings.repository.js';
import { siteLabel } from '../sms/messages.js';
import { enqueueSms } from '../sms/outbox.js';
import { nudgeSmsWorker } from '../sms/worker.js';
import { isLive } from '../applications/applications.repository.js';
import { forEachOpenOffice } from '../offices/offices.repository.js';

/**
 * The licence expiry reminder (decision 022): once a day, in each open office (with its own
 * settings), every licence whose validity ends within
 * licence_expiry_reminder_days and that is not suspended gets one text through the outbox. The
 * dedupe key names the licence and the end of its period, so a licence is reminded once per period
 * however often the job runs, and again after a renewal gives it a new end date. Switched by
 * sms_licence_expiry. Expiry itself needs no job: the status is computed from the dates.
 */
export interface ExpiryReminderDeps {
  db: Database;
  now: () => Date;
}

const DAY_MS = 24 * 3600_000;

export function licenceExpiryText(p: { licenceNumber: number; validTo: string; webUrl: string }): string {
  const text = translate('bn', 'sms.licenceExpiry', {
    licenceNumber: toBanglaDigits(p.licenceNumber),
    validTo: formatDateBn(p.validTo),
  });
  const site = siteLabel(p.webUrl);
  return site ? `${text}\n${translate('bn', 'sms.from', { site })}` : text;
}

/** One pass; answers how many reminders were queued this time (repeats are dropped by the key). */
export async function remindExpiringLicences(deps: ExpiryReminderDeps): Promise<number> {
  const settings = await getSettings(deps.db);
  if (settings.sms_licence_expiry !== 'ON') return 0;
  const today = todayInDhaka(deps.now());
  const days = settings.licence_expiry_reminder_days;
  const due = await deps.db
    .selectFrom('licences as l')
    .innerJoin('applications as a', 'a.id', 'l.application_id')
    .select(['l.id', 'l.licence_number', 'l.valid_to', 'a.mobile'])
    .where('a.stage', '=', 'Approved')
    .where(isLive('a'))
    .where('l.status', '<>', 'suspended')
    .where(sql<boolean>`l.valid_to >= ${today}::date AND l.valid_to <= ${today}::date + ${days}::int`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sms_outbox')
            .select(sql`1`.as('one'))
            .where('dedupe_key', '=', sql<string>`'licence-expiry:' || l.id || ':' || l.valid_to::text`),
        ),
      ),
    )
    .execute();
  for (const l of due) {
    await enqueueSms(deps.db, {
      to: l.mobile,
      body: licenceExpiryText({
        licenceNumber: Number(l.licence_number),
        validTo: l.valid_to,
        webUrl: settings.webUrl,
      }),
      kind: 'licenceExpiry',
      dedupeKey: `licence-expiry:${l.id}:${l.valid_to}`,
    });
  }
  if (due.length) nudgeSmsWorker();
  return due.length;
}

/**
 * Runs the reminder at start-up and then once a day; answers a stop function that waits for a pass
 * in progress. A failed pass is logged and tried again the next day (the keys make that safe).
 */
export function startExpiryReminderJob(deps: ExpiryReminderDeps & { intervalMs?: number }): () => Promise<void> {
  const intervalMs = deps.intervalMs ?? DAY_MS;
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || current) return;
    current = forEachOpenOffice(deps.db, (db) => remindExpiringLicences({ ...deps, db }))
      .then(() => undefined)
      .catch((err) => console.error('[licences] expiry reminder', err))
      .finally(() => {
        current = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref?.();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
