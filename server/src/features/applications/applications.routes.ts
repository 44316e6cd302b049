import { createRoute, z } from '@hono/zod-openapi';
import {
  APPLICATION_DOC_SLOTS,
  formKaSchema,
  submitApplicationResponseSchema,
  submitApplicationSchema,
  uploadFileResponseSchema,
  type FormKa,
} from '@portal/shared';
import { createRouter } from '../../http/router.js';
import { Problem } from '../../http/problem.js';
import { readUpload, uploadFileName } from '../../http/upload.js';
import { listAttachments, readAttachmentBySlot } from '../../files/blob-store.js';
import { getSettings } from '../settings/settings.repository.js';
import { fileResponse } from '../files/serve-file.js';
import { isUuid, mayReadApplication } from './application-access.js';
import { findForPrint } from './applications.repository.js';
import { prepareUpload, receiveFile, submitApplication } from './applications.service.js';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

const submitRoute = createRoute({
  method: 'post',
  path: '/',
  summary: 'Submit a new-licence application (one outbox item; idempotent by clientId)',
  request: { body: { content: { 'application/json': { schema: submitApplicationSchema } }, required: true } },
  responses: {
    201: json(submitApplicationResponseSchema, 'Received; files pending'),
    200: json(submitApplicationResponseSchema, 'A repeat of an earlier submission: the first answer'),
  },
});

const uploadRoute = createRoute({
  method: 'put',
  path: '/{id}/files/{slot}',
  summary: 'One declared file as raw bytes (headers Content-Type, X-File-Name URI-encoded, X-File-Sha256)',
  request: {
    params: z.object({ id: z.string().uuid(), slot: z.enum(APPLICATION_DOC_SLOTS) }),
    headers: z.object({
      'x-file-sha256': z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/)
        .optional(),
    }),
  },
  responses: {
    201: json(uploadFileResponseSchema, 'Stored'),
    200: json(uploadFileResponseSchema, 'Already held (a repeat)'),
  },
});

const printRoute = createRoute({
  method: 'get',
  path: '/{id}/print',
  summary: 'Form-Ka data: id holder (30 days), verified citizen, staff',
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: json(formKaSchema, 'What the printed form shows') },
});

const photoRoute = createRoute({
  method: 'get',
  path: '/{id}/photo',
  summary: "The applicant's photo for the print page: id holder (30 days), verified citizen, staff",
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: { description: 'The image bytes' } },
});

/** The citizen's submission (spec 1 §2-§5, docs/decisions/018-service-targets.md), mounted at /api/applications. */
export function applicationsRoutes() {
  const app = createRouter();

  app.openapi(submitRoute, async (c) => {
    const answer = await submitApplication(c.get('deps'), c.req.valid('json'), { address: c.get('clientIp') });
    return c.json(answer.body, answer.status);
  });

  app.openapi(uploadRoute, async (c) => {
    const deps = c.get('deps');
    const { id, slot } = c.req.valid('param');
    const claimed = c.req.valid('header')['x-file-sha256']?.toLowerCase() ?? null;
    const entry = await prepareUpload(deps, { applicationId: id, slot, claimedSha256: claimed });
    const bytes = await readUpload(c);
    const answer = await receiveFile(deps, {
      applicationId: id,
      slot,
      entry,
      bytes,
      claimedSha256: claimed,
      originalName: uploadFileName(c),
    });
    return c.json(answer.body, answer.status);
  });

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
