import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../http/router.js';
import { CITIZEN, problems, staffWith } from '../http/openapi-contract.js';
import { Problem } from '../http/problem.js';
import { readAttachment } from './blob-store.js';
import { mayReadApplication, isUuid } from '../../modules/applications/application-access.js';
import { findForPrint } from '../../modules/applications/applications.repository.js';
import { fileResponse } from './serve-file.js';

const fileRoute = createRoute({
  method: 'get',
  path: '/{fileId}',
  summary:
    'An uploaded file: a staff role that reviews it (decision 017, else 403), or the verified citizen of its application',
  // mayReadApplication (application-access.ts): a role that may not read it 403, anyone else 404.
  security: [staffWith('applications.readDocuments'), CITIZEN],
  request: { params: z.object({ fileId: z.string() }) },
  responses: { 200: { description: 'The file bytes (Content-Disposition, nosniff, sandbox CSP)' } },
  ...problems('NOT_FOUND', 'FORBIDDEN'),
});

/**
 * Uploaded files (mounted at /api/files). A staff role that may not read them gets 403; anyone
 * else 404, whether or not the file exists (application-access.ts).
 * The id-holder's print page uses GET /api/applications/:id/photo instead (applications feature).
 */
export function filesRoutes() {
  const app = createRouter();

  app.openapi(fileRoute, async (c) => {
    const { db } = c.get('deps');
    const { fileId } = c.req.valid('param');
    const file = isUuid(fileId) ? await readAttachment(db, fileId) : null;
    const owner = file ? await findForPrint(db, file.applicationId) : null;
    if (!file || !owner || !(await mayReadApplication(c, owner, { idHolder: false }))) throw new Problem('NOT_FOUND');
    return fileResponse(c, file);
  });

  return app;
}
