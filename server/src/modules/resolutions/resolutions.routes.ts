import { createRoute, z } from '@hono/zod-openapi';
import { serialIdSchema } from '@portal/shared';
import {
  resolutionApplicationsSchema,
  resolutionFieldsSchema,
  resolutionListQuerySchema,
  resolutionPageSchema,
  resolutionSchema,
} from '@portal/shared/schemas/resolutions';
import { createRouter } from '../../platform/http/router.js';
import { requirePermission, staffOf } from '../../platform/http/guards.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { applicationsInRange, findResolution, listResolutions } from './resolutions.repository.js';
import { createResolution, editResolution, removeResolution } from './resolutions.service.js';
import { json, jsonBody } from '../../platform/http/openapi-shapes.js';

/**
 * The irrigation committee's resolutions (spec 2 §2, §3, §6; docs/decisions/036-resolutions.md),
 * mounted at /api/staff: BADC's and the Admin's (resolutions.manage). The legacy portal fetched
 * every application for the printed view and filtered in the browser (spec 2 §4); here the server
 * answers the range.
 */
const idParam = z.object({ id: serialIdSchema });
const guard = requirePermission('resolutions.manage');

const listRoute = createRoute({
  method: 'get',
  path: '/resolutions',
  summary: 'The resolutions: paged, searched (title, or an application number in the range) and sorted by the server',
  middleware: guard,
  request: { query: resolutionListQuerySchema },
  responses: { 200: json(resolutionPageSchema, 'One page') },
});

const postRoute = createRoute({
  method: 'post',
  path: '/resolutions',
  summary: 'A new resolution (title, range, minutes); the minutes are sanitised; 422 RESOLUTION_RANGE when from > to',
  middleware: guard,
  request: jsonBody(resolutionFieldsSchema),
  responses: { 201: json(resolutionSchema, 'The resolution as stored') },
  ...problems('RESOLUTION_RANGE'),
});

const oneRoute = createRoute({
  method: 'get',
  path: '/resolutions/{id}',
  summary: 'One resolution with its minutes',
  middleware: guard,
  request: { params: idParam },
  responses: { 200: json(resolutionSchema, 'The resolution') },
  ...problems('NOT_FOUND'),
});

const updateRoute = createRoute({
  method: 'put',
  path: '/resolutions/{id}',
  summary: 'Changes a resolution; audited with each changed value before and after',
  middleware: guard,
  request: { params: idParam, ...jsonBody(resolutionFieldsSchema) },
  responses: { 200: json(resolutionSchema, 'The resolution as stored') },
  ...problems('NOT_FOUND', 'RESOLUTION_RANGE'),
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/resolutions/{id}',
  summary: 'Deletes a resolution (the applications stay); audited with what it was',
  middleware: guard,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' } },
  ...problems('NOT_FOUND'),
});

const applicationsRoute = createRoute({
  method: 'get',
  path: '/resolutions/{id}/applications',
  summary:
    'The applications whose number is in the resolution’s range, in number order, without deleted ones (the printed view)',
  middleware: guard,
  request: { params: idParam },
  responses: { 200: json(resolutionApplicationsSchema, 'The applications of the range') },
  ...problems('NOT_FOUND'),
});

export function resolutionsRoutes() {
  const app = createRouter();

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await listResolutions(c.get('deps').db, query);
    return c.json({ ...page, page: query.page, pageSize: query.pageSize }, 200);
  });

  app.openapi(postRoute, async (c) => {
    const resolution = await createResolution(c.get('deps'), staffOf(c), c.req.valid('json'));
    return c.json(resolution, 201);
  });

  app.openapi(oneRoute, async (c) => {
    const resolution = await findResolution(c.get('deps').db, c.req.valid('param').id);
    if (!resolution) throw new Problem('NOT_FOUND');
    return c.json(resolution, 200);
  });

  app.openapi(updateRoute, async (c) => {
    const resolution = await editResolution(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json(resolution, 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await removeResolution(c.get('deps'), staffOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(applicationsRoute, async (c) => {
    const { db } = c.get('deps');
    const resolution = await findResolution(db, c.req.valid('param').id);
    if (!resolution) throw new Problem('NOT_FOUND');
    const rows = await applicationsInRange(db, resolution.rangeFrom, resolution.rangeTo);
    return c.json({ rangeFrom: resolution.rangeFrom, rangeTo: resolution.rangeTo, rows }, 200);
  });

  return app;
}
