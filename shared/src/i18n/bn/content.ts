/** Bangla messages: content. Keys are prefixed 'content.' and shared with ../en/content.ts, which must have the same keys. */
export const content = {
} as const satisfies Record<string, string>;
