import { createRouter } from '../../http/router.js';

/** Routes of the settings feature (to be filled in). */
export function settingsRoutes() {
  const app = createRouter();
  return app;
}
