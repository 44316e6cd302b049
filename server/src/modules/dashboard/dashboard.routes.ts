import { createRoute } from '@hono/zod-openapi';
import { adminDashboardSchema, dashboardChartsSchema, todayInDhaka } from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { requirePermission } from '../../platform/http/guards.js';
import { adminCounts, chartCounts } from './dashboard.repository.js';

/** The Admin dashboard's counts (spec 2 §2 "Admin dashboard"), mounted at /api/admin/dashboard. */
export function dashboardRoutes() {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'The nine counts of the Admin dashboard (Admin)',
      middleware: [requirePermission('dashboard.admin')] as const,
      responses: { 200: { content: { 'application/json': { schema: adminDashboardSchema } }, description: 'Counts' } },
    }),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await adminCounts(deps.db, todayInDhaka(deps.now())), 200);
    },
  );
  return app;
}

/**
 * The dashboards' charts (docs/decisions/042-dashboard-charts.md), mounted at /api/staff: counts
 * over the whole register, for its keepers, the Admin and BADC ('dashboard.charts').
 */
export function dashboardChartsRoutes() {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/dashboard/charts',
      summary: 'Applications per month by kind (last twelve months) and live applications per stage (Admin, BADC)',
      middleware: [requirePermission('dashboard.charts')] as const,
      responses: {
        200: { content: { 'application/json': { schema: dashboardChartsSchema } }, description: 'Chart counts' },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await chartCounts(deps.db, todayInDhaka(deps.now())), 200);
    },
  );
  return app;
}
