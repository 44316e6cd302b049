import { createRoute, z } from '@hono/zod-openapi';
import {
  adminSettingsResponseSchema,
  localityInputSchema,
  localityListSchema,
  localitySchema,
  publicSettingsSchema,
  translate,
  updateSettingsSchema,
  type SiteSettings,
} from '@portal/shared';
import { requireStaff, staffOf } from '../../http/guards.js';
import { Problem } from '../../http/problem.js';
import { createRouter } from '../../http/router.js';
import { getSettings, updateSettings } from './settings.repository.js';
import { listLocalities, updateLocality, insertLocality, deleteLocality } from './localities.repository.js';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const MASK = '••••';

/** The gateway token leaves the server only as a mask with its last four characters (spec README: it was in the legacy bundle). */
function forAdmin(settings: SiteSettings) {
  const token = settings.smsToken;
  return { ...settings, smsToken: token ? MASK + token.slice(-4) : '', smsTokenSet: token.length > 0 };
}

function publicView(settings: SiteSettings) {
  return publicSettingsSchema.parse(settings);
}

function localityTaken(): Problem {
  return new Problem('VALIDATION', { fields: { name: translate('bn', 'auth.localityExists') } });
}

/**
 * Site settings and the union / post-office lists (spec 2 §2 Base Setting, §3 baseData). Anyone
 * reads the public part; only the Admin reads or changes the rest.
 */
export function settingsRoutes() {
  const app = createRouter();
  const adminOnly = requireStaff('Admin');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/settings',
      responses: { 200: { description: 'What any visitor may read', ...json(publicSettingsSchema) } },
    }),
    async (c) => c.json(publicView(await getSettings(c.get('deps').db)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/localities',
      responses: { 200: { description: 'Unions and post offices, by name', ...json(localityListSchema) } },
    }),
    async (c) => c.json(await listLocalities(c.get('deps').db), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/settings',
      middleware: adminOnly,
      responses: { 200: { description: 'Every setting; the SMS token masked', ...json(adminSettingsResponseSchema) } },
    }),
    async (c) => c.json(forAdmin(await getSettings(c.get('deps').db)), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/admin/settings',
      middleware: adminOnly,
      request: { body: { ...json(updateSettingsSchema), required: true } },
      responses: {
        200: { description: 'The settings as stored; the SMS token masked', ...json(adminSettingsResponseSchema) },
      },
    }),
    async (c) => {
      const me = staffOf(c);
      const { db, now } = c.get('deps');
      // Only the fields the form sent: the partial schema fills defaults in, which must not overwrite stored values.
      const sent = (await c.req.json()) as Record<string, unknown>;
      const patch = Object.fromEntries(
        Object.entries(c.req.valid('json')).filter(([name]) => Object.hasOwn(sent, name)),
      ) as Partial<SiteSettings>;
      // The form sends back the mask it was shown (or nothing): keep the stored token then.
      if (patch.smsToken !== undefined && (patch.smsToken.trim() === '' || patch.smsToken.startsWith(MASK))) {
        delete patch.smsToken;
      }
      const saved = await updateSettings(db, patch, { updatedBy: me.id, now: now() });
      return c.json(forAdmin(saved), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/localities',
      middleware: adminOnly,
      request: { body: { ...json(localityInputSchema), required: true } },
      responses: { 201: { description: 'Added', ...json(localitySchema) } },
    }),
    async (c) => {
      const row = await insertLocality(c.get('deps').db, c.req.valid('json'));
      if (!row) throw localityTaken();
      return c.json(row, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/admin/localities/{id}',
      middleware: adminOnly,
      request: { params: idParams, body: { ...json(localityInputSchema), required: true } },
      responses: { 200: { description: 'Renamed', ...json(localitySchema) } },
    }),
    async (c) => {
      const result = await updateLocality(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'));
      if (result === 'missing') throw new Problem('NOT_FOUND');
      if (result === 'taken') throw localityTaken();
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/admin/localities/{id}',
      middleware: adminOnly,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      if (!(await deleteLocality(c.get('deps').db, c.req.valid('param').id))) throw new Problem('NOT_FOUND');
      return c.body(null, 204);
    },
  );

  return app;
}
