/** Bangla messages: licence. Keys are shared with ../en/licence.ts, which must have the same keys. */
export const licence = {
} as const satisfies Record<string, string>;
