import type { decisions as bn } from '../bn/decisions.js';

/** English messages: decisions. */
export const decisions: Record<keyof typeof bn, string> = {
};
