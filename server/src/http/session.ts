import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';

/** Reads the staff session cookie and sets c.get('staff') (to be filled in by the auth feature). */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('staff', null);
  await next();
};
