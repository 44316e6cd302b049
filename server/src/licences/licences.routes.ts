import { createRoute, z } from '@hono/zod-openapi';
import {
  licenceActionRequestSchema,
  licenceActionResultSchema,
  licenceDocumentSchema,
  problemBodySchema,
} from '@portal/shared';
import { createRouter } from '../http/router.js';
import { requirePermission, staffOf } from '../http/guards.js';
import { Problem } from '../http/problem.js';
import { writeAudit } from '../features/audit/audit.repository.js';
import { saveApprover } from './licences.repository.js';
import { renderLicencePdf, type LicenceSide } from '../pdf/licence-pdf.js';
import { anyoneLicence, citizenLicence, staffLicence } from './licence-access.js';
import { performLicenceAction } from './licence.actions.js';
import { getSettings } from '../features/settings/settings.repository.js';

/**
 * The licence certificate (spec 1 §2 licence print, spec 3 §2 licensePrint): as data for the HTML
 * print page, and as the two PDFs "license-front" and "license-back". Mounted at /api.
 */
const params = z.object({ applicationId: z.string().uuid() });

/** The Change Approver dialog (spec 3 §2, §4: sign_status and text_1..text_6; licences.manage, BADC per §6). */
const approverSchema = z
  .object({
    custom: z.boolean(),
    lines: z.array(z.string().trim().max(120, { error: 'v.tooLong' })).max(6),
  })
  .refine((a) => !a.custom || a.lines.some(Boolean), { error: 'licence.approver.needLine', path: ['lines'] });
const problem = { content: { 'application/json': { schema: problemBodySchema } }, description: 'A problem' };
const documentResponse = {
  200: { content: { 'application/json': { schema: licenceDocumentSchema } }, description: 'The licence' },
  401: problem,
  403: problem,
  404: problem,
  409: problem,
};

export function licencesRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/staff/licences/{applicationId}',
      middleware: [requirePermission('licences.read')] as const,
      request: { params },
      responses: documentResponse,
    }),
    async (c) => c.json(await staffLicence(c, c.req.valid('param').applicationId), 200),
  );

  app.openapi(createRoute({ method: 'get', path: '/citizen/licence', responses: documentResponse }), async (c) =>
    c.json(await citizenLicence(c), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/staff/licences/{applicationId}/approver',
      middleware: [requirePermission('licences.manage')] as const,
      request: { params, body: { content: { 'application/json': { schema: approverSchema } }, required: true } },
      responses: { ...documentResponse, 400: problem },
    }),
    async (c) => {
      const { applicationId } = c.req.valid('param');
      const { custom, lines } = c.req.valid('json');
      const staff = staffOf(c);
      const { db, now } = c.get('deps');
      // Trailing empty lines are dropped; a default block keeps no stale custom lines.
      const kept = custom ? lines.slice(0, lines.findLastIndex(Boolean) + 1) : [];
      await staffLicence(c, applicationId); // 404 without the application, 403 unreadable, 409 without a licence
      await db.transaction().execute(async (trx) => {
        if (!(await saveApprover(trx, applicationId, { custom, lines: kept }))) throw new Problem('LICENCE_NOT_READY');
        await writeAudit(trx, {
          applicationId,
          actor: { userId: staff.id, email: staff.email },
          action: 'changeApprover',
          details: { custom, lines: kept },
          at: now(),
        });
      });
      return c.json(await staffLicence(c, applicationId), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/staff/licence-settings',
      summary: 'What the licence row actions tell BADC before acting: whether a suspension is texted to the holder',
      middleware: [requirePermission('licences.manage')] as const,
      responses: {
        200: {
          content: { 'application/json': { schema: z.object({ suspendText: z.boolean() }) } },
          description: 'The switches that matter to licence actions',
        },
        401: problem,
        403: problem,
      },
    }),
    async (c) => {
      const settings = await getSettings(c.get('deps').db);
      return c.json({ suspendText: settings.sms_application_suspend === 'ON' }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/staff/licences/{licenceId}/actions',
      summary:
        'One licence action (confirm, suspend, reactivate; shared/src/workflow/licence.ts) against the version the officer saw; idempotent by clientActionId',
      middleware: [requirePermission('licences.manage')] as const,
      request: {
        params: z.object({ licenceId: z.string().uuid() }),
        body: { content: { 'application/json': { schema: licenceActionRequestSchema } }, required: true },
      },
      responses: {
        200: {
          content: { 'application/json': { schema: licenceActionResultSchema } },
          description: 'The licence after the action',
        },
        400: problem,
        401: problem,
        403: problem,
        404: problem,
        409: problem,
      },
    }),
    async (c) => {
      const staff = staffOf(c);
      if (!staff.role) throw new Problem('ACCOUNT_NO_ROLE');
      const body = await performLicenceAction(
        c.get('deps'),
        { ...staff, role: staff.role },
        c.req.valid('param').licenceId,
        c.req.valid('json'),
      );
      return c.json(body, 200);
    },
  );

  for (const side of ['front', 'back'] as const satisfies LicenceSide[]) {
    app.openapi(
      createRoute({
        method: 'get',
        path: `/licences/{applicationId}/pdf/${side}`,
        request: { params },
        responses: {
          200: {
            content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
            description: `The ${side} page of the licence as a one-page A4 PDF`,
          },
          401: problem,
          403: problem,
          404: problem,
          409: problem,
        },
      }),
      async (c) => {
        const doc = await anyoneLicence(c, c.req.valid('param').applicationId);
        const bytes = await renderLicencePdf(doc, side);
        // Personal data: never stored by a shared cache (app.ts sets no-store on every /api answer).
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="license-${side}.pdf"`,
          'X-Content-Type-Options': 'nosniff',
        });
      },
    );
  }

  return app;
}
