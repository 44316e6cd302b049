/** Bangla messages: admin. Keys are shared with ../en/admin.ts, which must have the same keys. */
export const admin = {
} as const satisfies Record<string, string>;
