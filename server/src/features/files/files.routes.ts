import { createRouter } from '../../http/router.js';

/** Routes of the files feature (to be filled in). */
export function filesRoutes() {
  const app = createRouter();
  return app;
}
