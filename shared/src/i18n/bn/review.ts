/** Bangla messages: review. Keys are shared with ../en/review.ts, which must have the same keys. */
export const review = {
  'review.v.reasonOnNo': '"না" হলে কারণ লিখুন।',
} as const satisfies Record<string, string>;
