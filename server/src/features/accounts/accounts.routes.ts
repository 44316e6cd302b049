import { createRouter } from '../../http/router.js';

/** Routes of the accounts feature (to be filled in). */
export function accountsRoutes() {
  const app = createRouter();
  return app;
}
