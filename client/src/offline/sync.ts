/** Starts draining the outbox (to be completed). */
export function startOutboxSync(): void {}
