/** Bangla messages: sms. Keys are prefixed 'sms.' and shared with ../en/sms.ts, which must have the same keys. */
export const sms = {
} as const satisfies Record<string, string>;
