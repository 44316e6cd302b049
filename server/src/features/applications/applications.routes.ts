import { createRouter } from '../../http/router.js';

/** Routes of the applications feature (to be filled in). */
export function applicationsRoutes() {
  const app = createRouter();
  return app;
}
