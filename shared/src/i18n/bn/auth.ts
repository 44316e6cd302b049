/** Bangla messages: auth. Keys are shared with ../en/auth.ts, which must have the same keys. */
export const auth = {
} as const satisfies Record<string, string>;
