import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env.js';
import { validationProblem } from './problem.js';

/**
 * Every feature builds its routes with createRouter() and `createRoute` from @hono/zod-openapi,
 * with request schemas from shared/. Bad input then answers the same way everywhere (a
 * VALIDATION problem with Bangla field messages), and the route lands in /api/openapi.json.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error);
    },
  });
}
