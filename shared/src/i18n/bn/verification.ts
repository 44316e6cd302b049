/** Bangla messages: verification. Keys are shared with ../en/verification.ts, which must have the same keys. */
export const verification = {
  'verification.v.code': '৬ অঙ্কের কোডটি লিখুন।',
} as const satisfies Record<string, string>;
