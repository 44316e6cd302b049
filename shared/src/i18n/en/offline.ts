import type { offline as bn } from '../bn/offline.js';

/** English messages: offline. */
export const offline: Record<keyof typeof bn, string> = {
};
