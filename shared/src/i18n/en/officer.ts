import type { officer as bn } from '../bn/officer.js';

/** English messages: officer. */
export const officer: Record<keyof typeof bn, string> = {
  'officer.v.reasonOnNo': 'Give a reason when the answer is no.',
};
