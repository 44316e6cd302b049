import { createRouter } from '../../http/router.js';

/** Routes of the auth feature (to be filled in). */
export function authRoutes() {
  const app = createRouter();
  return app;
}
