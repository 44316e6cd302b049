/** Bangla messages: application. Keys are shared with ../en/application.ts, which must have the same keys. */
export const application = {
} as const satisfies Record<string, string>;
