import { createRoute, z } from '@hono/zod-openapi';
import { mapQuerySchema, todayInDhaka } from '@portal/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/http/env.js';
import { areaOf, requireArea } from '../../platform/http/guards.js';
import { problems, staffWith } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { createRouter } from '../../platform/http/router.js';
import { baseOf, officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { extentSchema, wellCollectionSchema } from '../map/map.routes.js';
import { wellExtent, wellsInBox } from '../map/map.repository.js';
import { officesOfArea } from './national.repository.js';
import { json } from '../../platform/http/openapi-shapes.js';

/**
 * The wells of an area's offices on one map, for the national administrator and the district and
 * division viewers (docs/decisions/057-offices.md, step 4), mounted at /api/national. The office
 * map's own queries (map/map.repository.ts) run under a scope of exactly the area's open offices,
 * so the row-level policy keeps every other office out; each well carries its office.
 */
const officeParam = z.coerce
  .number({ error: 'areaMap.v.office' })
  .int({ error: 'areaMap.v.office' })
  .positive({ error: 'areaMap.v.office' })
  .max(2_147_483_647, { error: 'areaMap.v.office' })
  .optional();
const areaWellsQuery = mapQuerySchema.extend({ office: officeParam });
const areaOfficeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameBn: z.string(),
  nameEn: z.string(),
});
const areaExtentSchema = extentSchema.extend({
  /** The area's open offices, for the office filter and each well's office name. */
  offices: z.array(areaOfficeSchema),
  /** Where the map opens with no well yet: the district's (or the division's districts') centre, [lat, lng]. */
  centre: z.tuple([z.number(), z.number()]).nullable(),
});

/**
 * The database of the area's open offices, or of the one office asked for. An office outside the
 * area is refused as one that does not exist: the answer says nothing of it.
 */
async function areaDatabase(c: Context<AppEnv>, office: number | undefined) {
  const area = areaOf(c, 'map.area');
  const { db } = c.get('deps');
  const offices = (await officesOfArea(db, area)).filter((o) => o.open);
  if (office !== undefined && !offices.some((o) => o.id === office)) throw new Problem('NOT_FOUND');
  // One office: its own scope, which also gets the explicit office filter (db/office-filter.ts).
  const scope = office !== undefined ? officeScope(office) : { officeIds: offices.map((o) => o.id), officeId: null };
  return { area, offices, db: scopedDatabase(baseOf(db), scope) };
}

/** Mounted at /api/national. */
export function areaMapRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/map/wells',
      summary:
        "The area map: the wells of the area's open offices inside bbox (the office map's query and answer, each well with its office), or of one office of the area (national administrator, area viewers)",
      security: [staffWith()],
      middleware: [requireArea('map.area')] as const,
      request: { query: areaWellsQuery },
      responses: {
        200: json(wellCollectionSchema, 'A GeoJSON FeatureCollection of the wells, or clusters, in the box'),
      },
      ...problems('FORBIDDEN', 'NOT_FOUND'),
    }),
    async (c) => {
      const { office, ...query } = c.req.valid('query');
      const { db, offices } = await areaDatabase(c, office);
      if (offices.length === 0)
        return c.json({ type: 'FeatureCollection' as const, features: [], clustered: false }, 200);
      // No office role here: a request's applicant stays unnamed, a licence holder is named (public).
      const body = await wellsInBox(db, query, { today: todayInDhaka(c.get('deps').now()), role: null });
      return c.json(body, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/map/extent',
      summary:
        "Where the area map opens: the box around the wells of the area's open offices (or of one of them), the offices, and the area's centre (national administrator, area viewers)",
      security: [staffWith()],
      middleware: [requireArea('map.area')] as const,
      request: { query: z.object({ office: officeParam }) },
      responses: { 200: json(areaExtentSchema, 'The extent of the wells, the offices and the centre') },
      ...problems('FORBIDDEN', 'NOT_FOUND'),
    }),
    async (c) => {
      const { office } = c.req.valid('query');
      const { db, area, offices } = await areaDatabase(c, office);
      const extent = offices.length > 0 ? await wellExtent(db) : { bbox: null, count: 0 };
      // The district's headquarters, or the middle of the division's; the country has no one centre.
      let centre: [number, number] | null = null;
      if (area.role !== 'NationalAdmin') {
        let q = c
          .get('deps')
          .db.selectFrom('districts')
          .select((eb) => [eb.fn.avg<number>('lat').as('lat'), eb.fn.avg<number>('lon').as('lon')]);
        q =
          area.role === 'DistrictViewer'
            ? q.where('id', '=', area.districtId!)
            : q.where('division_id', '=', area.divisionId!);
        const row = await q.executeTakeFirst();
        if (row?.lat != null && row.lon != null) centre = [Number(row.lat), Number(row.lon)];
      }
      return c.json(
        {
          ...extent,
          offices: offices.map((o) => ({ id: o.id, code: o.code, nameBn: o.nameBn, nameEn: o.nameEn })),
          centre,
        },
        200,
      );
    },
  );

  return app;
}
