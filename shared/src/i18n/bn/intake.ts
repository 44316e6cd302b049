/** Bangla messages: intake. Keys are prefixed 'intake.' and shared with ../en/intake.ts, which must have the same keys. */
export const intake = {
} as const satisfies Record<string, string>;
