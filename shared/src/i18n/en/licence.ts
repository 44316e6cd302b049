import type { licence as bn } from '../bn/licence.js';

/** English messages: licence. */
export const licence: Record<keyof typeof bn, string> = {
};
