import { createRoute, z } from '@hono/zod-openapi';
import { MAP_STATES, mapQuerySchema, todayInDhaka, type SitingCheck, type WellCollection } from '@portal/shared';
import { createRouter } from '../http/router.js';
import { allow, requirePermission } from '../http/guards.js';
import { wellsInBox } from './map.repository.js';
import { sitingCheck } from './siting.js';

/**
 * The live map and the siting check (docs/decisions/028-map-and-siting.md), mounted at /api/staff.
 * The answers' TypeScript shapes are the contract in shared/src/schemas/map.ts; the schemas here
 * describe them for /api/openapi.json.
 */
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

const state = z.enum(MAP_STATES);
const wellCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({
        applicationId: z.string(),
        kind: z.string(),
        state,
        applicationNumber: z.number(),
        licenceId: z.string().nullable(),
        licenceNumber: z.number().nullable(),
        name: z.string(),
        union: z.string(),
        wellSize: z.string(),
        radiusM: z.number().nullable(),
      }),
    }),
  ),
  truncated: z.boolean(),
}) satisfies z.ZodType<WellCollection>;

const sitingSchema = z.object({
  position: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  radiusM: z.number().nullable(),
  nearest: z.array(
    z.object({
      applicationId: z.string(),
      licenceId: z.string(),
      licenceNumber: z.number(),
      name: z.string(),
      state,
      latitude: z.number(),
      longitude: z.number(),
      distanceM: z.number(),
      radiusM: z.number().nullable(),
      inside: z.boolean(),
      overlaps: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<SitingCheck>;

const wellsRoute = createRoute({
  method: 'get',
  path: '/map/wells',
  summary:
    'The live map: wells inside bbox=west,south,east,north as GeoJSON (at most MAP_FEATURE_LIMIT, newest first; truncated when more); filters states, kinds, union',
  middleware: [requirePermission('map.view')] as const,
  request: { query: mapQuerySchema },
  responses: { 200: json(wellCollectionSchema, 'A GeoJSON FeatureCollection of the wells in the box') },
});

const sitingRoute = createRoute({
  method: 'get',
  path: '/applications/{id}/siting',
  summary:
    'The siting check: the licensed wells near the application’s well, nearest first, inside / overlapping their command areas (spec 3 §9)',
  middleware: [requirePermission('applications.siting')] as const,
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 200: json(sitingSchema, 'The application’s position and the licensed wells near it') },
});

export function mapRoutes() {
  const app = createRouter();

  app.openapi(wellsRoute, async (c) => {
    const { db, now } = c.get('deps');
    const role = allow(c, 'map.view');
    const body = await wellsInBox(db, c.req.valid('query'), { today: todayInDhaka(now()), role });
    return c.json(body, 200);
  });

  app.openapi(sitingRoute, async (c) => {
    const { db, now } = c.get('deps');
    const role = allow(c, 'applications.siting');
    return c.json(await sitingCheck(db, c.req.valid('param').id, role, todayInDhaka(now())), 200);
  });

  return app;
}
