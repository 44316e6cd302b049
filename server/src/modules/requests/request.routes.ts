import { createRoute, z } from '@hono/zod-openapi';
import {
  actionRequestSchema,
  applicationDetailSchema,
  forwardAllRequestSchema,
  forwardAllResponseSchema,
  listQuerySchema,
  OFFICER_FILE_SLOTS,
  queueNameSchema,
  queuePageSchema,
  todayInDhaka,
  queuePermission,
  type ParsedActionRequest,
} from '@portal/shared';
import type { Context } from 'hono';
import { createRouter } from '../../platform/http/router.js';
import type { AppEnv } from '../../platform/http/env.js';
import { allow, requirePermission, requireRole, staffOf } from '../../platform/http/guards.js';
import { Problem } from '../../platform/http/problem.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { readUpload, UPLOAD_BODY, uploadFileName } from '../../platform/http/upload.js';
import { countersFor, listQueue } from './queue.repository.js';
import { readDetail } from './request.repository.js';
import { forwardAll, performAction, uploadOfficerFile, type Officer } from './request.service.js';
import { json } from '../../platform/http/openapi-shapes.js';

const idParam = z.object({ id: z.string().uuid() });
/** idempotency.ts decideOnce: the id seen with other content, or queued under another officer. */
const decidedOnce = ['IDEMPOTENCY_CONFLICT', 'OFFICER_MISMATCH'] as const;

const queueRoute = createRoute({
  method: 'get',
  path: '/queues/{queue}',
  summary: 'One review list (spec 3 §2): paged, searched and sorted by the database; permission queue.<name>',
  middleware: [requireRole()] as const,
  request: { params: z.object({ queue: queueNameSchema }), query: listQuerySchema },
  responses: { 200: json(queuePageSchema, 'One page of the list, its total and the role’s seen/unseen counters') },
  // The handler's allow(queue.<name>): any role passes the guard.
  ...problems('FORBIDDEN'),
});

const forwardAllRoute = createRoute({
  method: 'post',
  path: '/queues/{queue}/forward-all',
  summary:
    'Forward every unseen request of a level (chairman-unseen, uno-unseen, chairman-change-unseen, uno-change-unseen); idempotent by clientActionId',
  middleware: [requirePermission('review.forward')] as const,
  request: {
    params: z.object({ queue: queueNameSchema }),
    body: { content: { 'application/json': { schema: forwardAllRequestSchema } }, required: true },
  },
  responses: { 200: json(forwardAllResponseSchema, 'How many were forwarded') },
  // request.service.ts forwardAll: a list that is no level's unseen list, or not the role's.
  ...problems('NOT_FOUND', 'FORBIDDEN', ...decidedOnce),
});

const detailRoute = createRoute({
  method: 'get',
  path: '/applications/{id}',
  summary: 'One application for the detail screens, with the actions the caller’s role may take now',
  middleware: [requirePermission('applications.read')] as const,
  request: { params: idParam },
  responses: { 200: json(applicationDetailSchema, 'The application') },
  // request.repository.ts readDetail: an application the role's lists do not show.
  ...problems('NOT_FOUND', 'FORBIDDEN'),
});

const actionRoute = createRoute({
  method: 'post',
  path: '/applications/{id}/actions',
  summary:
    'One action of the request’s pipeline (shared/src/workflow/pipeline.ts) against the version the officer saw; idempotent by clientActionId',
  middleware: [requirePermission('applications.read')] as const,
  request: {
    params: idParam,
    body: { content: { 'application/json': { schema: actionRequestSchema } }, required: true },
  },
  responses: { 200: json(applicationDetailSchema, 'The application after the action') },
  // request.service.ts performAction: the pipeline's refusals.
  ...problems('NOT_FOUND', 'FORBIDDEN', 'STALE_STATE', 'ACTION_NOT_ALLOWED', ...decidedOnce),
});

const fileRoute = createRoute({
  method: 'put',
  path: '/applications/{id}/files/{slot}',
  summary:
    'An officer file as raw bytes (inspection report, bank slip, manager consent); header X-File-Name URI-encoded',
  middleware: [requirePermission('officerFiles.upload')] as const,
  request: { params: idParam.extend({ slot: z.enum(OFFICER_FILE_SLOTS) }), body: UPLOAD_BODY },
  responses: { 200: json(applicationDetailSchema, 'The application with the new file') },
  // request.service.ts uploadOfficerFile: not at a stage that takes this file.
  ...problems('NOT_FOUND', 'ACTION_NOT_ALLOWED', 'PDF_UNREADABLE'),
});

function officerOf(c: Context<AppEnv>): Officer {
  const staff = staffOf(c);
  if (!staff.role) throw new Problem('ACCOUNT_NO_ROLE');
  return { ...staff, role: staff.role };
}

/** The officers' review API over every request kind (spec 3 §2, §4, §7), mounted at /api/staff. */
export function requestRoutes() {
  const app = createRouter();

  app.openapi(queueRoute, async (c) => {
    const { db, now } = c.get('deps');
    const officer = officerOf(c);
    const { queue } = c.req.valid('param');
    allow(c, queuePermission(queue));
    const [page, counters] = await Promise.all([
      listQueue(db, queue, c.req.valid('query'), todayInDhaka(now())),
      countersFor(db, officer.role),
    ]);
    return c.json({ ...page, counters }, 200);
  });

  app.openapi(forwardAllRoute, async (c) => {
    const { queue } = c.req.valid('param');
    const body = await forwardAll(c.get('deps'), officerOf(c), queue, c.req.valid('json').clientActionId);
    return c.json(body, 200);
  });

  app.openapi(detailRoute, async (c) => {
    const { db, now } = c.get('deps');
    const detail = await readDetail(db, c.req.valid('param').id, officerOf(c).role, now());
    if (!detail) throw new Problem('NOT_FOUND');
    return c.json(detail, 200);
  });

  app.openapi(actionRoute, async (c) => {
    const request = c.req.valid('json') as unknown as ParsedActionRequest;
    const detail = await performAction(c.get('deps'), officerOf(c), c.req.valid('param').id, request);
    return c.json(detail, 200);
  });

  app.openapi(fileRoute, async (c) => {
    const { id, slot } = c.req.valid('param');
    const bytes = await readUpload(c);
    const detail = await uploadOfficerFile(c.get('deps'), officerOf(c), {
      applicationId: id,
      slot,
      bytes,
      originalName: uploadFileName(c),
    });
    return c.json(detail, 200);
  });

  return app;
}
