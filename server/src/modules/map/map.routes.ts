import { createRoute, z } from '@hono/zod-openapi';
import {
  MAP_STATES,
  mapQuerySchema,
  mapVisitsQuerySchema,
  todayInDhaka,
  VISIT_DECISIONS,
  type MapExtent,
  type SitingCheck,
  type VisitCollection,
  type WellCollection,
} from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { allow, requirePermission } from '../../platform/http/guards.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { wellExtent, wellsInBox } from './map.repository.js';
import { visitsInBox } from './map-visits.js';
import { sitingCheck } from './siting.js';
import { json } from '../../platform/http/openapi-shapes.js';

/**
 * The live map and the siting check (docs/decisions/028-map-and-siting.md; clusters, the extent and
 * the visits layer: 035-live-map-clusters-and-visits.md), mounted at /api/staff.
 * The answers' TypeScript shapes are the contract in shared/src/schemas/map.ts; the schemas here
 * describe them for /api/openapi.json.
 */

const state = z.enum(MAP_STATES);
const point = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });
const box = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const wellFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: point,
  properties: z.object({
    applicationId: z.string(),
    officeId: z.number().int(),
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
});
const clusterFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: point,
  properties: z.object({
    cluster: z.literal(true),
    count: z.number(),
    states: z.object(
      Object.fromEntries(MAP_STATES.map((s) => [s, z.number()])) as Record<(typeof MAP_STATES)[number], z.ZodNumber>,
    ),
    bbox: box,
  }),
});
export const wellCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.union([wellFeatureSchema, clusterFeatureSchema])),
  clustered: z.boolean(),
}) satisfies z.ZodType<WellCollection>;

export const extentSchema = z.object({ bbox: box.nullable(), count: z.number() }) satisfies z.ZodType<MapExtent>;

const visitCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: point,
      properties: z.object({
        visitId: z.string(),
        applicationId: z.string(),
        applicationNumber: z.number(),
        kind: z.string(),
        declined: z.boolean(),
        officerEmail: z.string(),
        visitedAt: z.string(),
        decision: z.enum(VISIT_DECISIONS),
        accuracyM: z.number(),
        photoCount: z.number(),
        complete: z.boolean(),
      }),
    }),
  ),
  truncated: z.boolean(),
}) satisfies z.ZodType<VisitCollection>;

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
    'The live map: wells inside bbox=west,south,east,north as GeoJSON, newest first; when more than MAP_FEATURE_LIMIT, clusters of all of them on a grid sized by zoom (clustered: true); filters states, kinds, union',
  middleware: [requirePermission('map.view')] as const,
  request: { query: mapQuerySchema },
  responses: { 200: json(wellCollectionSchema, 'A GeoJSON FeatureCollection of the wells, or clusters, in the box') },
});

const extentRoute = createRoute({
  method: 'get',
  path: '/map/extent',
  summary: 'The box around the wells with a position (0.5th to 99.5th percentile), where the live map opens',
  middleware: [requirePermission('map.view')] as const,
  responses: { 200: json(extentSchema, 'The extent of the wells, null when none has a position') },
});

const visitsRoute = createRoute({
  method: 'get',
  path: '/map/visits',
  summary:
    'The live map’s visits layer: field visits recorded inside bbox, newest first, at most MAP_VISIT_LIMIT, of applications the role may read',
  middleware: [requirePermission('fieldVisits.read')] as const,
  request: { query: mapVisitsQuerySchema },
  responses: { 200: json(visitCollectionSchema, 'A GeoJSON FeatureCollection of the visits in the box') },
});

const sitingRoute = createRoute({
  method: 'get',
  path: '/applications/{id}/siting',
  summary:
    'The siting check: the licensed wells near the application’s well, nearest first, inside / overlapping their command areas (spec 3 §9)',
  middleware: [requirePermission('applications.siting')] as const,
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: { 200: json(sitingSchema, 'The application’s position and the licensed wells near it') },
  // siting.ts: an application the role's lists do not show.
  ...problems('NOT_FOUND', 'FORBIDDEN'),
});

export function mapRoutes() {
  const app = createRouter();

  app.openapi(wellsRoute, async (c) => {
    const { db, now } = c.get('deps');
    const role = allow(c, 'map.view');
    const body = await wellsInBox(db, c.req.valid('query'), { today: todayInDhaka(now()), role });
    return c.json(body, 200);
  });

  app.openapi(extentRoute, async (c) => {
    allow(c, 'map.view');
    return c.json(await wellExtent(c.get('deps').db), 200);
  });

  app.openapi(visitsRoute, async (c) => {
    const role = allow(c, 'fieldVisits.read');
    return c.json(await visitsInBox(c.get('deps').db, c.req.valid('query'), { role }), 200);
  });

  app.openapi(sitingRoute, async (c) => {
    const { db, now } = c.get('deps');
    const role = allow(c, 'applications.siting');
    return c.json(await sitingCheck(db, c.req.valid('param').id, role, todayInDhaka(now())), 200);
  });

  return app;
}
