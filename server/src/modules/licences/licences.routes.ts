import { createRoute, z } from '@hono/zod-openapi';
import { licenceActionRequestSchema, licenceActionResultSchema, licenceDocumentSchema } from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { CITIZEN, problems, staffWith } from '../../platform/http/openapi-contract.js';
import { requirePermission, staffOf } from '../../platform/http/guards.js';
import { Problem } from '../../platform/http/problem.js';
import { writeAudit } from '../audit/audit.repository.js';
import { saveApprover } from './licences.repository.js';
import { renderLicencePdf, type LicenceSide } from './licence-pdf.js';
import { anyoneLicence, citizenLicence, staffLicence } from './licence-access.js';
import { performLicenceAction } from './licence.actions.js';
import { getSettings } from '../settings/settings.repository.js';

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
const documentResponse = {
  200: { content: { 'application/json': { schema: licenceDocumentSchema } }, description: 'The licence' },
};
/** staffLicence (licence-access.ts): no application, a role its lists do not show, no licence yet. */
const staffRefusals = ['NOT_FOUND', 'FORBIDDEN', 'LICENCE_NOT_READY'] as const;
/** citizenLicence (licence-access.ts). */
const citizenRefusals = ['NOT_FOUND', 'LICENCE_NOT_READY', 'LICENCE_OFFLINE_ONLY'] as const;

export function licencesRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/staff/licences/{applicationId}',
      summary: 'The licence certificate of an application, as data for the print page (staff)',
      middleware: [requirePermission('licences.read')] as const,
      request: { params },
      responses: documentResponse,
      ...problems(...staffRefusals),
    }),
    async (c) => c.json(await staffLicence(c, c.req.valid('param').applicationId), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/citizen/licence',
      summary: "The verified citizen's licence certificate, once approved and while collected online",
      security: [CITIZEN],
      responses: documentResponse,
      ...problems(...citizenRefusals),
    }),
    async (c) => c.json(await citizenLicence(c), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/staff/licences/{applicationId}/approver',
      summary: 'Change the approver block printed on the licence (the default, or up to six lines); audited',
      middleware: [requirePermission('licences.manage')] as const,
      request: { params, body: { content: { 'application/json': { schema: approverSchema } }, required: true } },
      responses: documentResponse,
      ...problems(...staffRefusals),
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
      },
      // licence.actions.ts: the pipeline's refusals; idempotency.ts decideOnce.
      ...problems(
        'NOT_FOUND',
        'FORBIDDEN',
        'STALE_STATE',
        'ACTION_NOT_ALLOWED',
        'IDEMPOTENCY_CONFLICT',
        'OFFICER_MISMATCH',
      ),
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
        summary: `The ${side} page of the licence as a PDF (staff with licences.read, or the verified citizen)`,
        // anyoneLicence (licence-access.ts): the staff rules for a role, else the citizen's.
        security: [staffWith('licences.read'), CITIZEN],
        request: { params },
        responses: {
          200: {
            content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
            description: `The ${side} page of the licence as a one-page A4 PDF`,
          },
        },
        ...problems('ACCOUNT_NO_ROLE', 'VERIFICATION_REQUIRED', ...staffRefusals, ...citizenRefusals),
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
