import type { application as bn } from '../bn/application.js';

/** English messages: application. */
export const application: Record<keyof typeof bn, string> = {
};
