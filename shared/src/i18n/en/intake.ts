import type { intake as bn } from '../bn/intake.js';

/** English messages: intake. */
export const intake: Record<keyof typeof bn, string> = {
};
