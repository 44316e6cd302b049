import { createRoute, z } from '@hono/zod-openapi';
import {
  adminSettingsResponseSchema,
  localityInputSchema,
  localityListSchema,
  localitySchema,
  publicSettingsSchema,
  serialIdSchema,
  translate,
  updateSettingsSchema,
  type SiteSettings,
} from '@portal/shared';
import { requirePermission, staffOf } from '../../platform/http/guards.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { createRouter } from '../../platform/http/router.js';
import { getSettings, updateSettings } from './settings.repository.js';
import { checkGatewayChange, maskToken, tokenChange } from './gateway-token.js';
import { listLocalities, updateLocality, insertLocality, deleteLocality } from './localities.repository.js';
import { readPublicSettings, settingsChanged } from './public-settings.js';
import { actorOf } from '../audit/audit.repository.js';
import { jsonContent } from '../../platform/http/openapi-shapes.js';

const idParams = z.object({ id: serialIdSchema });

/** The gateway token leaves the server only as a mask with its last four characters (spec README: it was in the legacy bundle). */
function forAdmin(settings: SiteSettings) {
  const token = settings.smsToken;
  return { ...settings, smsToken: maskToken(token), smsTokenSet: token.length > 0 };
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
  const adminOnly = requirePermission('settings.manage');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/settings',
      summary: 'The site settings any visitor may read (title, contacts, which services are open)',
      responses: { 200: { description: 'What any visitor may read', ...jsonContent(publicSettingsSchema) } },
    }),
    async (c) => {
      const { db, config } = c.get('deps');
      return c.json({ ...(await readPublicSettings(db, config.dataDir)), national: c.get('national') }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/localities',
      summary: 'The unions and post offices the forms offer',
      responses: { 200: { description: 'Unions and post offices, by name', ...jsonContent(localityListSchema) } },
    }),
    async (c) => c.json(await listLocalities(c.get('deps').db), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/settings',
      summary: 'Every site setting, the SMS gateway token masked (Admin)',
      middleware: adminOnly,
      responses: {
        200: { description: 'Every setting; the SMS token masked', ...jsonContent(adminSettingsResponseSchema) },
      },
    }),
    async (c) => c.json(forAdmin(await getSettings(c.get('deps').db)), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/admin/settings',
      summary: 'Change the settings the form sent; a new gateway address needs its token again (Admin)',
      middleware: adminOnly,
      request: { body: { ...jsonContent(updateSettingsSchema), required: true } },
      responses: {
        200: {
          description: 'The settings as stored; the SMS token masked',
          ...jsonContent(adminSettingsResponseSchema),
        },
      },
    }),
    async (c) => {
      const me = staffOf(c);
      const { db, now } = c.get('deps');
      // Only the fields the form sent: the partial schema fills defaults in, which must not overwrite stored values.
      const sent = (await c.req.json()) as Record<string, unknown>;
      const { clearSmsToken, ...fields } = c.req.valid('json');
      const patch = Object.fromEntries(
        Object.entries(fields).filter(([name]) => Object.hasOwn(sent, name)),
      ) as Partial<SiteSettings>;
      const token = tokenChange(patch.smsToken, clearSmsToken);
      delete patch.smsToken;
      if (token.kind === 'replace') patch.smsToken = token.token;
      if (token.kind === 'clear') patch.smsToken = '';
      const saved = await updateSettings(db, patch, {
        updatedBy: actorOf(me),
        now: now(),
        // A new gateway address gets the stored token only when the Admin typed it again (issue 7).
        check: (stored) => checkGatewayChange(stored, patch.smsGatewayUrl, token),
      });
      settingsChanged(db);
      return c.json(forAdmin(saved), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/localities',
      summary: 'Add a union or post office (Admin)',
      middleware: adminOnly,
      request: { body: { ...jsonContent(localityInputSchema), required: true } },
      responses: { 201: { description: 'Added', ...jsonContent(localitySchema) } },
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const row = await insertLocality(db, c.req.valid('json'), actorOf(staffOf(c)), now());
      if (!row) throw localityTaken();
      return c.json(row, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/admin/localities/{id}',
      summary: 'Rename a union or post office (Admin)',
      middleware: adminOnly,
      request: { params: idParams, body: { ...jsonContent(localityInputSchema), required: true } },
      responses: { 200: { description: 'Renamed', ...jsonContent(localitySchema) } },
      ...problems('NOT_FOUND'),
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const result = await updateLocality(db, c.req.valid('param').id, c.req.valid('json'), actorOf(staffOf(c)), now());
      if (result === 'missing') throw new Problem('NOT_FOUND');
      if (result === 'taken') throw localityTaken();
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/admin/localities/{id}',
      summary: 'Delete a union or post office (Admin)',
      middleware: adminOnly,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' } },
      ...problems('NOT_FOUND'),
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      if (!(await deleteLocality(db, c.req.valid('param').id, actorOf(staffOf(c)), now()))) {
        throw new Problem('NOT_FOUND');
      }
      return c.body(null, 204);
    },
  );

  return app;
}
