import { createRouter } from '../../platform/http/router.js';
import { publicContentRoutes } from './public.routes.js';
import { adminContentRoutes } from './admin.routes.js';

/**
 * The public website's content (spec 1 §2, spec 2 §2-§3, §5-§8), mounted at /api:
 * /api/public/… for any visitor, /api/admin/… for the Admin (the file archive also for BADC).
 */
export function contentRoutes() {
  const app = createRouter();
  app.route('/', publicContentRoutes());
  app.route('/', adminContentRoutes());
  return app;
}
