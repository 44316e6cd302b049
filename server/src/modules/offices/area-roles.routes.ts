import { createRoute, z } from '@hono/zod-openapi';
import { AREA_ROLES, grantAreaRoleSchema, translate, type MessageKey } from '@portal/shared';
import { areaOf, requireArea } from '../../platform/http/guards.js';
import { problems, staffWith } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { createRouter } from '../../platform/http/router.js';
import { actorOf } from '../audit/audit.repository.js';
import { areaRoleHolders, grantAreaViewer, grantableAreas, revokeAreaRole } from './area-roles.repository.js';
import { json } from '../../platform/http/openapi-shapes.js';

/**
 * The national administrator grants and revokes the district and division viewers' roles on a
 * screen (docs/decisions/057-offices.md, step 4), mounted at /api/national. The first national
 * administrator is still made on the console (`npm run create-admin -- --national`).
 */
const place = z.object({ id: z.number().int(), nameBn: z.string(), nameEn: z.string() });
const holderSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(AREA_ROLES),
  district: place.nullable(),
  division: place.nullable(),
  grantedAt: z.string(),
});
const listSchema = z.object({
  roles: z.array(holderSchema),
  divisions: z.array(place),
  districts: z.array(place.extend({ divisionId: z.number().int() })),
});
const grantedSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  created: z.boolean(),
  /** Only for a new account: its one-time password, shown once, to be changed at first sign-in. */
  oneTimePassword: z.string().nullable(),
});

const field = (name: string, key: MessageKey) =>
  new Problem('VALIDATION', { fields: { [name]: translate('bn', key) } });

/** Mounted at /api/national. */
export function areaRolesRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/area-roles',
      summary:
        'Who holds which area role, with the divisions and districts a viewer may be given (national administrator)',
      security: [staffWith()],
      middleware: [requireArea('areaRoles.manage')] as const,
      responses: { 200: json(listSchema, 'The holders of area roles and the areas') },
      ...problems('FORBIDDEN'),
    }),
    async (c) => {
      areaOf(c, 'areaRoles.manage');
      const { db } = c.get('deps');
      const [roles, areas] = await Promise.all([areaRoleHolders(db), grantableAreas(db)]);
      return c.json({ roles, ...areas }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/area-roles',
      summary:
        'Make a person the viewer of a district or a division: an existing account keeps its password, a new one gets a one-time password (national administrator)',
      security: [staffWith()],
      middleware: [requireArea('areaRoles.manage')] as const,
      request: { body: { content: { 'application/json': { schema: grantAreaRoleSchema } }, required: true } },
      responses: { 200: json(grantedSchema, 'The account, viewer of that area now') },
      ...problems('FORBIDDEN'),
    }),
    async (c) => {
      areaOf(c, 'areaRoles.manage');
      const { db, now } = c.get('deps');
      const input = c.req.valid('json');
      const district = input.role === 'DistrictViewer';
      const result = await grantAreaViewer(
        db,
        {
          email: input.email,
          name: input.name ?? null,
          role: input.role,
          districtId: district ? input.districtId! : null,
          divisionId: district ? null : input.divisionId!,
        },
        actorOf(c.get('staff')!),
        now(),
      );
      if ('refused' in result) {
        if (result.refused === 'nationalAdmin') throw field('email', 'areaRoles.v.nationalAdmin');
        throw field(district ? 'districtId' : 'divisionId', 'areaRoles.v.noSuchArea');
      }
      return c.json(
        { userId: result.userId, email: input.email, created: result.created, oneTimePassword: result.password },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/area-roles/{userId}',
      summary:
        "Take a person's area role away and end their sessions; not one's own national administrator role (national administrator)",
      security: [staffWith()],
      middleware: [requireArea('areaRoles.manage')] as const,
      request: { params: z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) }) },
      responses: { 204: { description: 'Revoked' } },
      ...problems('FORBIDDEN', 'NOT_FOUND', 'ACTION_NOT_ALLOWED'),
    }),
    async (c) => {
      areaOf(c, 'areaRoles.manage');
      const { db, now } = c.get('deps');
      const result = await revokeAreaRole(db, c.req.valid('param').userId, actorOf(c.get('staff')!), now());
      if (result === null) throw new Problem('NOT_FOUND');
      if (result === 'self')
        throw new Problem('ACTION_NOT_ALLOWED', { fields: { userId: translate('bn', 'areaRoles.v.self') } });
      return c.body(null, 204);
    },
  );

  return app;
}
