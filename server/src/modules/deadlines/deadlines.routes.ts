import { createRoute } from '@hono/zod-openapi';
import { can, deadlineRules, overdueSummarySchema, queuePermission, todayInDhaka } from '@portal/shared';
import { requirePermission, roleOf } from '../../platform/http/guards.js';
import { createRouter } from '../../platform/http/router.js';
import { getSettings } from '../settings/settings.repository.js';
import { countOverdue } from './deadlines.repository.js';

/**
 * The overdue counts of the dashboards (docs/decisions/040-stage-deadlines.md), mounted at
 * /api/staff. Each role gets the stages whose list it works (the list of STAGE_QUEUE it may open):
 * the Chairman and the UNO their level, BADC its stages; the Admin, whose dashboard oversees the
 * office, every stage. A role with none (Pollibidut only reads) gets an empty list.
 */
export function deadlinesRoutes() {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/deadlines/overdue',
      summary: 'Requests at each stage the role works, and how many are past the stage’s target today',
      middleware: [requirePermission('applications.read')] as const,
      responses: {
        200: { content: { 'application/json': { schema: overdueSummarySchema } }, description: 'Counts per stage' },
      },
    }),
    async (c) => {
      const role = roleOf(c);
      const { db, now } = c.get('deps');
      const today = todayInDhaka(now());
      const rules = deadlineRules(await getSettings(db));
      // The Admin oversees every stage; an officer's dashboard counts its own work.
      const everyStage = can(role, 'dashboard.admin');
      const stages = (await countOverdue(db, today, rules)).filter(
        (s) => everyStage || can(role, queuePermission(s.queue)),
      );
      return c.json({ today, stages }, 200);
    },
  );
  return app;
}
