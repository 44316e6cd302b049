import { createRouter } from '../../http/router.js';

/** Routes of the verification feature (to be filled in). */
export function verificationRoutes() {
  const app = createRouter();
  return app;
}
