import type { auth as bn } from '../bn/auth.js';

/** English messages: auth. */
export const auth: Record<keyof typeof bn, string> = {
};
