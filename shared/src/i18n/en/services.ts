import type { services as bn } from '../bn/services.js';

/** English messages: services. */
export const services: Record<keyof typeof bn, string> = {
};
