import { createRoute, z } from '@hono/zod-openapi';
import {
  contactListQuerySchema,
  contactMessageSchema,
  contactPageSchema,
  serialIdSchema,
  todayInDhaka,
} from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { Problem } from '../../platform/http/problem.js';
import { requirePermission } from '../../platform/http/guards.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { takeToken } from '../../platform/http/rate-limit.js';
import { csvResponse } from '../../platform/http/csv.js';
import {
  CONTACT_CSV_COLUMNS,
  contactCsvRows,
  deleteContact,
  insertContact,
  listContacts,
} from './contact.repository.js';
import { json } from '../../platform/http/openapi-shapes.js';

/** Spec 1 §2: anyone may write; a few messages per address per hour keeps the inbox readable. */
const CONTACT_LIMIT = { limit: 5, windowSeconds: 60 * 60 };

const adminOnly = requirePermission('contacts.manage');

/** The home page's contact form and the Admin's "All Contact" (spec 2 §2), mounted at /api. */
export function contactRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/public/contact',
      summary: 'A contact message from the home page (rate-limited per address)',
      request: { body: { content: { 'application/json': { schema: contactMessageSchema } }, required: true } },
      responses: { 201: json(z.object({ id: z.number().int() }), 'Received') },
      ...problems('RATE_LIMITED'),
    }),
    async (c) => {
      const deps = c.get('deps');
      const input = c.req.valid('json');
      const now = deps.now();
      const token = await takeToken(deps.db, { bucket: 'contact-ip', key: c.get('clientIp'), ...CONTACT_LIMIT, now });
      if (!token.allowed) throw new Problem('RATE_LIMITED', { retryAfterSeconds: token.retryAfterSeconds });
      const id = await insertContact(deps.db, { ...input, now });
      return c.json({ id }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/contacts',
      summary: 'Contact messages: paged, searched, sorted by the server (Admin)',
      middleware: adminOnly,
      request: { query: contactListQuerySchema },
      responses: { 200: json(contactPageSchema, 'One page') },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const page = await listContacts(c.get('deps').db, query);
      return c.json({ ...page, page: query.page, pageSize: query.pageSize }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/contacts/export.csv',
      summary: 'Every contact message (matching q) as CSV for Excel: UTF-8 with BOM, CRLF, every cell quoted (Admin)',
      middleware: adminOnly,
      request: { query: z.object({ q: z.string().trim().max(100).optional() }) },
      responses: { 200: { description: 'text/csv' } },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { q } = c.req.valid('query');
      return csvResponse(c, {
        filename: `contact_data_${todayInDhaka(deps.now())}.csv`,
        columns: CONTACT_CSV_COLUMNS,
        rows: contactCsvRows(deps.db, q || undefined, (d) => todayInDhaka(d)),
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/admin/contacts/{id}',
      summary: 'Delete one contact message (Admin)',
      middleware: adminOnly,
      request: { params: z.object({ id: serialIdSchema }) },
      responses: { 204: { description: 'Deleted' } },
      ...problems('NOT_FOUND'),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await deleteContact(c.get('deps').db, id))) throw new Problem('NOT_FOUND');
      return c.body(null, 204);
    },
  );

  return app;
}
