import { createRoute, z } from '@hono/zod-openapi';
import {
  VISIT_PHOTO_LIMIT,
  visitListSchema,
  visitPhotoResponseSchema,
  visitRequestSchema,
  visitResponseSchema,
} from '@portal/shared';
import type { Context } from 'hono';
import { createRouter } from '../../platform/http/router.js';
import type { AppEnv } from '../../platform/http/env.js';
import { requirePermission, staffOf } from '../../platform/http/guards.js';
import { Problem } from '../../platform/http/problem.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { readUpload, UPLOAD_BODY } from '../../platform/http/upload.js';
import { storedFileResponse } from '../../platform/files/serve-file.js';
import { photoOf, preparePhoto, receivePhoto, recordVisit, visitsOf, type Officer } from './visits.service.js';
import { json } from '../../platform/http/openapi-shapes.js';

const idParam = z.object({ id: z.uuid() });
const photoParams = z.object({
  visitId: z.uuid(),
  index: z.coerce
    .number({ error: 'visits.v.photoIndex' })
    .int({ error: 'visits.v.photoIndex' })
    .min(0, { error: 'visits.v.photoIndex' })
    .max(VISIT_PHOTO_LIMIT - 1, { error: 'visits.v.photoIndex' }),
});

const recordRoute = createRoute({
  method: 'post',
  path: '/applications/{id}/visits',
  summary:
    'A field visit with the manifest of its photos: one outbox item, idempotent by clientVisitId; officerId must be the session’s',
  middleware: [requirePermission('fieldVisits.record')] as const,
  request: {
    params: idParam,
    body: { content: { 'application/json': { schema: visitRequestSchema } }, required: true },
  },
  responses: {
    201: json(visitResponseSchema, 'Recorded; the photos still to send'),
    200: json(visitResponseSchema, 'A repeat of an earlier visit: the same answer'),
  },
  // visits.service.ts recordVisit: the application readable by this officer, photos declared too
  // large, another officer's visit, the id with other content, an application still receiving files.
  ...problems(
    'NOT_FOUND',
    'FORBIDDEN',
    'FILE_TOO_LARGE',
    'OFFICER_MISMATCH',
    'IDEMPOTENCY_CONFLICT',
    'ACTION_NOT_ALLOWED',
  ),
});

const listRoute = createRoute({
  method: 'get',
  path: '/applications/{id}/visits',
  summary: 'The field visits of an application, oldest first, with their photos in order',
  middleware: [requirePermission('fieldVisits.read')] as const,
  request: { params: idParam },
  responses: { 200: json(visitListSchema, 'The visits') },
  ...problems('NOT_FOUND', 'FORBIDDEN'),
});

const uploadRoute = createRoute({
  method: 'put',
  path: '/visits/{visitId}/photos/{index}',
  summary: 'One declared photo of a visit as raw bytes (Content-Type, X-File-Sha256)',
  middleware: [requirePermission('fieldVisits.record')] as const,
  request: {
    params: photoParams,
    headers: z.object({
      'x-file-sha256': z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, { error: 'visits.v.sha256' })
        .optional(),
    }),
    body: UPLOAD_BODY,
  },
  responses: {
    201: json(visitPhotoResponseSchema, 'Stored'),
    200: json(visitPhotoResponseSchema, 'Already held (a repeat)'),
  },
  // visits.service.ts: no such visit, another officer's, its photos complete, not the declared bytes.
  ...problems('NOT_FOUND', 'FORBIDDEN', 'OFFICER_MISMATCH', 'FILES_CLOSED', 'FILE_HASH_MISMATCH', 'FILE_MUST_BE_IMAGE'),
});

const photoRoute = createRoute({
  method: 'get',
  path: '/visits/{visitId}/photos/{index}',
  summary: 'One photo of a field visit (private: no-store, nosniff, sandbox CSP)',
  middleware: [requirePermission('fieldVisits.read')] as const,
  request: { params: photoParams },
  responses: { 200: { description: 'The photo bytes as taken' } },
  ...problems('NOT_FOUND', 'FORBIDDEN'),
});

function officerOf(c: Context<AppEnv>): Officer {
  const staff = staffOf(c);
  if (!staff.role) throw new Problem('ACCOUNT_NO_ROLE');
  return { ...staff, role: staff.role };
}

/** The inspector's field visits (docs/decisions/030-field-visits.md), mounted at /api/staff. */
export function visitsRoutes() {
  const app = createRouter();

  app.openapi(recordRoute, async (c) => {
    const answer = await recordVisit(c.get('deps'), officerOf(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json(answer.body, answer.status);
  });

  app.openapi(listRoute, async (c) => {
    const visits = await visitsOf(c.get('deps'), officerOf(c), c.req.valid('param').id);
    return c.json({ visits }, 200);
  });

  app.openapi(uploadRoute, async (c) => {
    const deps = c.get('deps');
    const officer = officerOf(c);
    const { visitId, index } = c.req.valid('param');
    const claimed = c.req.valid('header')['x-file-sha256']?.toLowerCase() ?? null;
    const entry = await preparePhoto(deps, officer, { visitId, index, claimedSha256: claimed });
    // The stream is cut at the stored-file limit (decision 018, uploads), before the hash is checked.
    const bytes = await readUpload(c);
    const answer = await receivePhoto(deps, officer, { visitId, entry, bytes, claimedSha256: claimed });
    return c.json(answer.body, answer.status);
  });

  app.openapi(photoRoute, async (c) => {
    const { visitId, index } = c.req.valid('param');
    const photo = await photoOf(c.get('deps'), officerOf(c), visitId, index);
    return storedFileResponse(c, photo, { cache: 'personal', name: `visit-photo-${index + 1}` });
  });

  return app;
}
