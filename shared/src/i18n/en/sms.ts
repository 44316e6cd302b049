import type { sms as bn } from '../bn/sms.js';

/** English messages: sms. */
export const sms: Record<keyof typeof bn, string> = {
};
