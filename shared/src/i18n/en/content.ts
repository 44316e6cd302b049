import type { content as bn } from '../bn/content.js';

/** English messages: content. */
export const content: Record<keyof typeof bn, string> = {
};
