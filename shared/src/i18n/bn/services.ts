/** Bangla messages: services. Keys are prefixed 'services.' and shared with ../en/services.ts, which must have the same keys. */
export const services = {
} as const satisfies Record<string, string>;
