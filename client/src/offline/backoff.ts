/** Waiting between tries (docs/decisions/018-service-targets.md): 1 s, doubling, never more than 5 minutes. */
export const MIN_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 5 * 60_000;

export function backoffDelay(attempts: number): number {
  return Math.min(MIN_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}
