import { createRouter } from '../../http/router.js';

/** Routes of the licences feature (to be filled in). */
export function licencesRoutes() {
  const app = createRouter();
  return app;
}
