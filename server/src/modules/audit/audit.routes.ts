import { createRoute } from '@hono/zod-openapi';
import { auditPageSchema, auditQuerySchema } from '@portal/shared/schemas/audit';
import { requirePermission } from '../../platform/http/guards.js';
import { createRouter } from '../../platform/http/router.js';
import { listAudit } from './audit-log.repository.js';
import { json } from '../../platform/http/openapi-shapes.js';

/**
 * The Admin's audit page (issue 10 "Audit you can follow"; docs/decisions/041-audit-trail.md),
 * mounted at /api/admin/audit: every change of the portal, searchable by who, what and when.
 */
export function auditRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'One page of the audit, newest first; ?actor=&action=&entity=&from=&to=&q=&page=&pageSize= (or size=)',
      middleware: requirePermission('audit.read'),
      request: { query: auditQuerySchema },
      responses: { 200: json(auditPageSchema, 'Rows with their changes before and after, readable') },
    }),
    async (c) => {
      const { size, ...query } = c.req.valid('query');
      const pageSize = size ?? query.pageSize;
      const page = await listAudit(c.get('deps').db, { ...query, pageSize });
      return c.json({ ...page, page: query.page, pageSize }, 200);
    },
  );

  return app;
}
