import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import { Problem } from './problem.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing API request that a browser says came from another page (403
 * CROSS_SITE_REQUEST, docs/decisions/013). SameSite=Lax cookies still travel from a page on another
 * port or sub-domain of the same site, so a form or a no-cors fetch there could act as a signed-in
 * officer. Browsers mark every request: Sec-Fetch-Site must be `same-origin` (`none`, a typed URL
 * or bookmark, is a navigation and never a write of this API), and Origin, when sent, must be the
 * portal's own: the address the request came to, or PUBLIC_URL (TLS ended at a proxy). A request
 * with neither header is not from a browser page (scripts, curl, the tests) and carries no
 * ambient cookie of a victim, so it passes.
 */
export const sameOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (READS.has(c.req.method)) return next();
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') throw new Problem('CROSS_SITE_REQUEST');
  const origin = c.req.header('origin');
  if (origin !== undefined && !ownOrigins(c.req.url, c.get('deps').config.publicUrl).includes(origin)) {
    throw new Problem('CROSS_SITE_REQUEST');
  }
  return next();
};

function ownOrigins(requestUrl: string, publicUrl: string): string[] {
  const origins = [new URL(requestUrl).origin];
  try {
    origins.push(new URL(publicUrl).origin);
  } catch {
    // An unparsable PUBLIC_URL adds nothing; the request's own origin still works.
  }
  return origins;
}
