/** Bangla messages: decisions. Keys are prefixed 'decisions.' and shared with ../en/decisions.ts, which must have the same keys. */
export const decisions = {
} as const satisfies Record<string, string>;
