import { createRouter } from '../../http/router.js';

/** Routes of the review feature (to be filled in). */
export function reviewRoutes() {
  const app = createRouter();
  return app;
}
