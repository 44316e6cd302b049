import type { staff as bn } from '../bn/staff.js';

/** English messages: staff. */
export const staff: Record<keyof typeof bn, string> = {
};
