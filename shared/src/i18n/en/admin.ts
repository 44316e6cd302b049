import type { admin as bn } from '../bn/admin.js';

/** English messages: admin. */
export const admin: Record<keyof typeof bn, string> = {
};
