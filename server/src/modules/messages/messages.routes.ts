import { createRoute } from '@hono/zod-openapi';
import { bulkSmsResponseSchema, bulkSmsSchema, smsListQuerySchema, smsPageSchema } from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { requirePermission, staffOf } from '../../platform/http/guards.js';
import { listSms } from './messages.repository.js';
import { queueBulkSms } from './messages.service.js';
import { json } from '../../platform/http/openapi-shapes.js';

const adminOnly = requirePermission('messages.send');

/** The Admin's bulk text messages (spec 2 §2 "Message"), mounted at /api/admin/messages. */
export function messagesRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Queue one text message per number (all numbers must be valid; idempotent by batchId)',
      middleware: adminOnly,
      request: { body: { content: { 'application/json': { schema: bulkSmsSchema } }, required: true } },
      responses: { 202: json(bulkSmsResponseSchema, 'Queued in the SMS outbox') },
    }),
    async (c) => {
      const queued = await queueBulkSms(c.get('deps'), staffOf(c), c.req.valid('json'));
      return c.json({ queued }, 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'The text-message outbox: sent, pending, failed, with the gateway reply (Admin)',
      middleware: adminOnly,
      request: { query: smsListQuerySchema },
      responses: { 200: json(smsPageSchema, 'One page, newest first by default') },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const page = await listSms(c.get('deps').db, query);
      return c.json({ ...page, page: query.page, pageSize: query.pageSize }, 200);
    },
  );

  return app;
}
