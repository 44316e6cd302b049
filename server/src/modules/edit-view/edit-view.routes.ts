import { createRoute, z } from '@hono/zod-openapi';
import { editFieldsRequestSchema, editViewSchema, overrideRequestSchema } from '@portal/shared';
import type { Context } from 'hono';
import { createRouter } from '../../platform/http/router.js';
import type { AppEnv } from '../../platform/http/env.js';
import { requirePermission, staffOf } from '../../platform/http/guards.js';
import { Problem } from '../../platform/http/problem.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { readUpload, UPLOAD_BODY, uploadFileName } from '../../platform/http/upload.js';
import type { Officer } from '../requests/request.service.js';
import { overrideStage, prepareReplacement, readEditView, replaceFile, saveEdit } from './edit-view.service.js';
import { json } from '../../platform/http/openapi-shapes.js';

const idParam = z.object({ id: z.string().uuid() });
const answer = { 200: json(editViewSchema, 'The edit view as it is now') };

function officerOf(c: Context<AppEnv>): Officer {
  const staff = staffOf(c);
  if (!staff.role) throw new Problem('ACCOUNT_NO_ROLE');
  return { ...staff, role: staff.role };
}

/**
 * The edit view of the office's register (edit-view/{id}; docs/decisions/038-edit-view-and-override.md),
 * mounted at /api/staff. A deleted application answers 404 like an unknown one.
 */
export function editViewRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/register/applications/{id}/edit',
      summary: 'One application for the edit view: fields, documents, stage, version and history',
      middleware: [requirePermission('register.edit')] as const,
      request: { params: idParam },
      responses: answer,
      ...problems('NOT_FOUND'),
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      return c.json(await readEditView(db, c.req.valid('param').id, officerOf(c).role, now()), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/register/applications/{id}/edit',
      summary: "Save the edited fields against the version seen, validated by the kind's form schema; audited",
      middleware: [requirePermission('register.edit')] as const,
      request: { params: idParam, body: { ...json(editFieldsRequestSchema, 'The form'), required: true } },
      responses: answer,
      // edit-view.service.ts saveEdit: changed since it was read; edit-fields.ts: a kind not edited here.
      ...problems('NOT_FOUND', 'STALE_STATE', 'ACTION_NOT_ALLOWED'),
    }),
    async (c) => {
      const view = await saveEdit(c.get('deps'), officerOf(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json(view, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/register/applications/{id}/files/{slot}',
      summary: 'Replace one document, raw bytes (Content-Type, X-File-Name URI-encoded); the old file is kept; audited',
      middleware: [requirePermission('register.edit')] as const,
      request: { params: idParam.extend({ slot: z.string().max(40) }), body: UPLOAD_BODY },
      responses: answer,
      // edit-view.service.ts: a slot the kind does not have; a photo slot takes an image only.
      ...problems('NOT_FOUND', 'FILE_MUST_BE_IMAGE', 'PDF_UNREADABLE'),
    }),
    async (c) => {
      const { id, slot } = c.req.valid('param');
      const deps = c.get('deps');
      await prepareReplacement(deps, id, slot);
      const bytes = await readUpload(c);
      return c.json(await replaceFile(deps, officerOf(c), { id, slot, bytes, originalName: uploadFileName(c) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/register/applications/{id}/override',
      summary:
        "The Admin's stage by hand with a reason (the review engine's override action); idempotent by clientActionId",
      middleware: [requirePermission('review.override')] as const,
      request: { params: idParam, body: { ...json(overrideRequestSchema, 'Stage and reason'), required: true } },
      responses: answer,
      // The review engine's performAction (requests/request.service.ts) with idempotency.ts decideOnce.
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
      const view = await overrideStage(c.get('deps'), officerOf(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json(view, 200);
    },
  );

  return app;
}
