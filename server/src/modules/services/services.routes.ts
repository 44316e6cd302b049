import { createRoute, z } from '@hono/zod-openapi';
import {
  serviceListQuerySchema,
  servicePageSchema,
  setServiceStatusSchema,
  type AcceptedFileType,
  type FileSlot,
  type ServiceKind,
} from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { Problem } from '../../platform/http/problem.js';
import { requirePermission, staffOf } from '../../platform/http/guards.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { fileResponse } from '../../platform/files/serve-file.js';
import { listRequests, readServiceFile } from './services.repository.js';
import { changeStatus, removeRequest } from './services.service.js';
import { json } from '../../platform/http/openapi-shapes.js';

/** Spec 2 §6: complaints and copy requests are BADC's work; the Admin sees them too (decision 017). */
const officeOnly = requirePermission('services.manage');

const PATHS: Record<ServiceKind, string> = { complaint: 'complaints', copy: 'copies' };

const listRoute = (kind: ServiceKind) =>
  createRoute({
    method: 'get',
    path: `/${PATHS[kind]}`,
    summary: `The ${kind} list: paged, searched and sorted by the server (BADC, Admin)`,
    middleware: officeOnly,
    request: { query: serviceListQuerySchema },
    responses: { 200: json(servicePageSchema, 'One page') },
  });

const statusRoute = (kind: ServiceKind) =>
  createRoute({
    method: 'put',
    path: `/${PATHS[kind]}/{id}/status`,
    summary: `Set a ${kind}'s status with a note (audited)`,
    middleware: officeOnly,
    request: {
      params: z.object({ id: z.string().uuid() }),
      body: { content: { 'application/json': { schema: setServiceStatusSchema } }, required: true },
    },
    responses: { 204: { description: 'Saved' } },
    ...problems('NOT_FOUND'),
  });

const deleteRoute = (kind: ServiceKind) =>
  createRoute({
    method: 'delete',
    path: `/${PATHS[kind]}/{id}`,
    summary: `Delete a ${kind} with its files (audited)`,
    middleware: officeOnly,
    request: { params: z.object({ id: z.string().uuid() }) },
    responses: { 204: { description: 'Deleted' } },
    ...problems('NOT_FOUND'),
  });

const fileRoute = createRoute({
  method: 'get',
  path: '/files/{fileId}',
  summary: 'A complaint or copy-request file (BADC, Admin)',
  middleware: officeOnly,
  request: { params: z.object({ fileId: z.string().uuid() }) },
  responses: { 200: { description: 'The file, with Content-Disposition and nosniff' } },
  ...problems('NOT_FOUND'),
});

/** Complaints and copy requests (spec 1 §2, spec 2 §2), mounted at /api/services. */
export function servicesRoutes() {
  const app = createRouter();

  for (const kind of ['complaint', 'copy'] as const) {
    app.openapi(listRoute(kind), async (c) => {
      const query = c.req.valid('query');
      const page = await listRequests(c.get('deps').db, kind, query);
      return c.json({ ...page, page: query.page, pageSize: query.pageSize }, 200);
    });

    app.openapi(statusRoute(kind), async (c) => {
      const { id } = c.req.valid('param');
      const { status, note } = c.req.valid('json');
      await changeStatus(c.get('deps'), staffOf(c), { kind, id, status, note });
      return c.body(null, 204);
    });

    app.openapi(deleteRoute(kind), async (c) => {
      const { id } = c.req.valid('param');
      await removeRequest(c.get('deps'), staffOf(c), kind, id);
      return c.body(null, 204);
    });
  }

  app.openapi(fileRoute, async (c) => {
    const { fileId } = c.req.valid('param');
    const file = await readServiceFile(c.get('deps').db, fileId);
    if (!file) throw new Problem('NOT_FOUND');
    return fileResponse(c, {
      bytes: file.bytes,
      mime: file.mime as AcceptedFileType,
      // The download is named by the slot (licenceForm.pdf), never by what the uploader chose.
      slot: file.slot as FileSlot,
      applicationId: '',
      originalName: null,
    });
  });

  return app;
}
