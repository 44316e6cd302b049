import type { AppDeps } from './http/env.js';
import { startSmsWorker } from './sms/worker.js';

/**
 * Background work started with the server: the text-message outbox worker (sms/worker.ts),
 * polling every config.sms.pollMs. Returns a stop function that waits for a send in progress.
 */
export async function startWorkers(deps: AppDeps): Promise<() => Promise<void>> {
  const stopSms = startSmsWorker({ ...deps, pollMs: deps.config.sms.pollMs });
  return async () => {
    await stopSms();
  };
}
