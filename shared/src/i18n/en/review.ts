import type { review as bn } from '../bn/review.js';

/** English messages: review. */
export const review: Record<keyof typeof bn, string> = {
  'review.v.reasonOnNo': 'Give a reason when the answer is no.',
};
