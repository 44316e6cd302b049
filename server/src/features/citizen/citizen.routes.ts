import { createRouter } from '../../http/router.js';

/** Routes of the citizen feature (to be filled in). */
export function citizenRoutes() {
  const app = createRouter();
  return app;
}
