/** Bangla messages: officer. Keys are shared with ../en/officer.ts, which must have the same keys. */
export const officer = {
  'officer.v.reasonOnNo': '"না" হলে কারণ লিখুন।',
} as const satisfies Record<string, string>;
