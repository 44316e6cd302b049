import { createRoute, z } from '@hono/zod-openapi';
import {
  boundaryMovePreviewSchema,
  boundaryMoveRequestSchema,
  boundaryMoveResultSchema,
  boundaryMoveSelectionSchema,
  boundaryMoveUnionsSchema,
} from '@portal/shared';
import { actorOf } from '../audit/audit.repository.js';
import { areaOf, requireArea } from '../../platform/http/guards.js';
import { problems, staffWith } from '../../platform/http/openapi-contract.js';
import { createRouter } from '../../platform/http/router.js';
import { moveLicences, previewMove, unionsOfOffice } from './boundary-move.js';
import { json, jsonBody } from '../../platform/http/openapi-shapes.js';

/**
 * Moving licences and their wells to a new upazila's office (issue 22 "Boundaries change",
 * docs/decisions/057-offices.md): the national administrator's alone ('offices.move'). Mounted at
 * /api/national beside the offices screen's API.
 */

export function boundaryMoveRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/boundary-moves/unions',
      summary: "The unions an office's licensed wells are in, with how many licences each (national administrator)",
      security: [staffWith()],
      middleware: [requireArea('offices.move')] as const,
      request: { query: z.object({ officeId: z.coerce.number().int().positive().max(2_147_483_647) }) },
      responses: { 200: json(boundaryMoveUnionsSchema, "The office's unions") },
      ...problems('FORBIDDEN', 'NOT_FOUND'),
    }),
    async (c) => {
      areaOf(c, 'offices.move');
      return c.json(await unionsOfOffice(c.get('deps').db, c.req.valid('query').officeId), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/boundary-moves/preview',
      summary: 'What a move of licences to another office would take, changing nothing (national administrator)',
      security: [staffWith()],
      middleware: [requireArea('offices.move')] as const,
      request: jsonBody(boundaryMoveSelectionSchema),
      responses: { 200: json(boundaryMovePreviewSchema, 'The licences and what belongs to them') },
      ...problems('FORBIDDEN'),
    }),
    async (c) => {
      areaOf(c, 'offices.move');
      return c.json(await previewMove(c.get('deps').db, c.req.valid('json')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/boundary-moves',
      summary:
        'Move licences and their wells to another office: new numbers there, the old ones kept in their history; once per key (national administrator)',
      security: [staffWith()],
      middleware: [requireArea('offices.move')] as const,
      request: jsonBody(boundaryMoveRequestSchema),
      responses: { 200: json(boundaryMoveResultSchema, 'The move: each old number and its new one') },
      ...problems('FORBIDDEN', 'IDEMPOTENCY_CONFLICT'),
    }),
    async (c) => {
      areaOf(c, 'offices.move');
      const { db, now } = c.get('deps');
      const { result } = await moveLicences(db, c.req.valid('json'), actorOf(c.get('staff')!), now());
      return c.json(result, 200);
    },
  );

  return app;
}
