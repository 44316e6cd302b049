/** Bangla messages: staff. Keys are prefixed 'staff.' and shared with ../en/staff.ts, which must have the same keys. */
export const staff = {
} as const satisfies Record<string, string>;
