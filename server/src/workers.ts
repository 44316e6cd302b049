import type { AppDeps } from './platform/http/env.js';
import { startSmsWorker } from './modules/sms/worker.js';
import { startExpiryReminderJob } from './modules/licences/expiry-reminder.js';

/**
 * Background work started with the server: the text-message outbox worker (sms/worker.ts),
 * polling every config.sms.pollMs, and the daily licence expiry reminder
 * (licences/expiry-reminder.ts). Returns a stop function that waits for work in progress.
 */
export async function startWorkers(deps: AppDeps): Promise<() => Promise<void>> {
  const stopSms = startSmsWorker({ ...deps, pollMs: deps.config.sms.pollMs });
  const stopExpiry = startExpiryReminderJob(deps);
  return async () => {
    await stopExpiry();
    await stopSms();
  };
}
