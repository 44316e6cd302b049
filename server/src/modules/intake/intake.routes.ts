import { createRoute, z } from '@hono/zod-openapi';
import {
  intakeFileResponseSchema,
  intakeRequestSchema,
  intakeResponseSchema,
  isImageOnlySlot,
  KIND_SLOTS,
  KIND_SLUG,
  KINDS,
  type Kind,
  type ProblemCode,
} from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { readGrant } from '../../platform/http/citizen-grant.js';
import { CITIZEN, problems } from '../../platform/http/openapi-contract.js';
import { readUpload, UPLOAD_BODY, uploadFileName } from '../../platform/http/upload.js';
import { INTAKE_KINDS } from './kinds/index.js';
import { prepareUpload, receiveFile, submit } from './intake.service.js';
import { json } from '../../platform/http/openapi-shapes.js';

/** What each kind's own check refuses (kinds/change.ts, kinds/renew.ts). */
const CHECK_PROBLEMS: Partial<Record<Kind, ProblemCode[]>> = {
  Renew: ['LICENCE_NOT_RENEWABLE'],
  NameChange: ['NOT_FOUND', 'LICENCE_NOT_READY'],
  PlotChange: ['NOT_FOUND', 'LICENCE_NOT_READY'],
};

const submitRoute = <K extends Kind>(kind: K) =>
  createRoute({
    method: 'post',
    path: `/${KIND_SLUG[kind]}`,
    summary: `Send a ${kind} request: one outbox item, idempotent by clientId`,
    // kinds/change.ts: a change is sent by the holder who verified that licence's mobile for it.
    security: kind === 'NameChange' || kind === 'PlotChange' ? [CITIZEN] : [],
    request: { body: { content: { 'application/json': { schema: intakeRequestSchema(kind) } }, required: true } },
    responses: {
      201: json(intakeResponseSchema, 'Received; files pending'),
      200: json(intakeResponseSchema, 'A repeat of an earlier submission: the first answer'),
    },
    // intake.service.ts: a file declared too large, the same clientId with other content, too many
    // new submissions from one address, and the office closing new applications.
    ...problems(
      'FILE_TOO_LARGE',
      'IDEMPOTENCY_CONFLICT',
      'SUBMISSIONS_LIMITED',
      ...(INTAKE_KINDS[kind].closable ? (['APPLICATIONS_CLOSED'] as const) : []),
      ...(CHECK_PROBLEMS[kind] ?? []),
    ),
  });

const uploadRoute = (kind: Kind) =>
  createRoute({
    method: 'put',
    path: `/${KIND_SLUG[kind]}/{id}/files/{slot}`,
    summary: `One declared file of a ${kind} request as raw bytes (headers Content-Type, X-File-Name URI-encoded, X-File-Sha256)`,
    request: {
      params: z.object({
        id: z.uuid(),
        slot: z.enum(KIND_SLOTS[kind] as unknown as readonly [string, ...string[]]),
      }),
      headers: z.object({
        'x-file-sha256': z
          .string()
          .regex(/^[0-9a-fA-F]{64}$/)
          .optional(),
      }),
      body: UPLOAD_BODY,
    },
    responses: {
      201: json(intakeFileResponseSchema, 'Stored'),
      200: json(intakeFileResponseSchema, 'Already held (a repeat)'),
    },
    // intake.service.ts: no such request, its files complete, a PDF cut off, a picture slot.
    ...problems(
      'NOT_FOUND',
      'FILES_CLOSED',
      'PDF_UNREADABLE',
      ...(KIND_SLOTS[kind].some(isImageOnlySlot) ? (['FILE_MUST_BE_IMAGE'] as const) : []),
    ),
  });

/**
 * The one intake of every citizen request (decision 023), mounted at /api/intake:
 * POST /{slug} with the form and its file manifest, then PUT /{slug}/{id}/files/{slot} per file.
 */
export function intakeRoutes() {
  const app = createRouter();

  for (const kind of KINDS) {
    const k = INTAKE_KINDS[kind];
    app.openapi(submitRoute(kind), async (c) => {
      const answer = await submit(c.get('deps'), k, c.req.valid('json'), {
        address: c.get('clientIp'),
        grant: () => readGrant(c),
      });
      return c.json(answer.body, answer.status);
    });

    app.openapi(uploadRoute(kind), async (c) => {
      const deps = c.get('deps');
      const { id, slot } = c.req.valid('param');
      const claimed = c.req.valid('header')['x-file-sha256']?.toLowerCase() ?? null;
      const entry = await prepareUpload(deps, k as never, { id, slot, claimedSha256: claimed });
      const bytes = await readUpload(c);
      const answer = await receiveFile(deps, k as never, {
        id,
        slot,
        entry,
        bytes,
        claimedSha256: claimed,
        originalName: uploadFileName(c),
      });
      return c.json(answer.body, answer.status);
    });
  }

  return app;
}
