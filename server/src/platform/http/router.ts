import { OpenAPIHono } from '@hono/zod-openapi';
import { translate } from '@portal/shared';
import type { AppEnv } from './env.js';
import { findUnstorableText } from './unstorable-text.js';
import { Problem, validationProblem } from './problem.js';
import { withSecurity } from './openapi-contract.js';

/**
 * Every feature builds its routes with createRouter() and `createRoute` from @hono/zod-openapi,
 * with request schemas from shared/. Bad input then answers the same way everywhere (a
 * VALIDATION problem with Bangla field messages), and the route lands in /api/openapi.json.
 *
 * The hook also refuses text PostgreSQL cannot store (a NUL character, half a surrogate pair)
 * anywhere in what a schema accepted: path, query, headers and JSON body alike, for every route and
 * every schema, shared or route-local, in this one place (docs/decisions/013-request-hardening.md).
 *
 * Each route is registered with the security its guard gives it (http/openapi-contract.ts), so the
 * document says who may call it from the guard that runs (docs/decisions/052-openapi-contract.md).
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error);
      const bad = findUnstorableText(result.data);
      if (bad) throw new Problem('VALIDATION', { fields: { [bad.at]: translate('bn', bad.key) } });
    },
  });
  const register = app.openapi;
  app.openapi = ((route, handler, hook) => register(withSecurity(route), handler, hook)) as typeof app.openapi;
  return app;
}
