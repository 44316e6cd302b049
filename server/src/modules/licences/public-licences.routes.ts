import { createRoute } from '@hono/zod-openapi';
import { publicLicencePageSchema, publicLicenceQuerySchema, todayInDhaka } from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { listPublicLicences } from './public-licences.repository.js';

/** GET /api/public/licences for the public /dataTable page (spec 1 §2), mounted at /api/public/licences. */
export function publicLicencesRoutes() {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'Issued licences: number, holder, union, mouza, validity; no mobile, no documents (anyone)',
      request: { query: publicLicenceQuerySchema },
      responses: {
        200: { content: { 'application/json': { schema: publicLicencePageSchema } }, description: 'One page' },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const query = c.req.valid('query');
      const page = await listPublicLicences(deps.db, query, todayInDhaka(deps.now()));
      return c.json({ ...page, page: query.page, pageSize: query.pageSize }, 200);
    },
  );
  return app;
}
