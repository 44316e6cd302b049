/** Bangla messages: offline. Keys are shared with ../en/offline.ts, which must have the same keys. */
export const offline = {
} as const satisfies Record<string, string>;
