import { createRoute, z } from '@hono/zod-openapi';
import { formKaSchema, type FormKa } from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { ANYONE, CITIZEN, problems, staffWith } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { listAttachments, readAttachmentBySlot } from '../../platform/files/blob-store.js';
import { getSettings } from '../settings/settings.repository.js';
import { fileResponse } from '../../platform/files/serve-file.js';
import { isUuid, mayReadApplication } from './application-access.js';
import { findForPrint } from './applications.repository.js';
import { json } from '../../platform/http/openapi-shapes.js';

/**
 * mayReadApplication (application-access.ts): the id alone for its first days, a verified citizen, or
 * a reviewing role; a role that may not read it gets 403, anyone else 404 whether or not it exists.
 */
const readers = {
  security: [ANYONE, staffWith('applications.readDocuments'), CITIZEN],
  ...problems('NOT_FOUND', 'FORBIDDEN'),
};

const printRoute = createRoute({
  method: 'get',
  path: '/{id}/print',
  summary: 'Form-Ka data: id holder (30 days), verified citizen, staff',
  ...readers,
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: json(formKaSchema, 'What the printed form shows') },
});

const photoRoute = createRoute({
  method: 'get',
  path: '/{id}/photo',
  summary: "The applicant's photo for the print page: id holder (30 days), verified citizen, staff",
  ...readers,
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: { description: 'The image bytes' } },
});

/** The printed form and its photo (spec 1 §2), mounted at /api/applications; the intake is at /api/intake (decision 023). */
export function applicationsRoutes() {
  const app = createRouter();

  app.openapi(printRoute, async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const row = isUuid(id) ? await findForPrint(deps.db, id) : null;
    if (!row || !(await mayReadApplication(c, row, { idHolder: true }))) throw new Problem('NOT_FOUND');
    const [files, settings] = await Promise.all([listAttachments(deps.db, id), getSettings(deps.db)]);
    const body: FormKa = {
      id: row.id,
      applicationNumber: row.applicationNumber,
      kind: row.kind,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      intakeStatus: row.intakeStatus,
      fields: row.fields,
      filesPresent: files.map((f) => f.slot),
      photoUrl: files.some((f) => f.slot === 'photo') ? `/api/applications/${row.id}/photo` : null,
      upazila: settings.address,
      district: settings.jilla,
    };
    return c.json(body, 200);
  });

  app.openapi(photoRoute, async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const row = isUuid(id) ? await findForPrint(deps.db, id) : null;
    if (!row || !(await mayReadApplication(c, row, { idHolder: true }))) throw new Problem('NOT_FOUND');
    const photo = await readAttachmentBySlot(deps.db, id, 'photo');
    if (!photo) throw new Problem('NOT_FOUND');
    return fileResponse(c, photo);
  });

  return app;
}
