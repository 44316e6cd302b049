import type { verification as bn } from '../bn/verification.js';

/** English messages: verification. */
export const verification: Record<keyof typeof bn, string> = {
  'verification.v.code': 'Enter the 6-digit code.',
};
