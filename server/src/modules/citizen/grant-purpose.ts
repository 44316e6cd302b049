import type { Context } from 'hono';
import { requireGrant } from '../../platform/http/citizen-grant.js';
import type { AppEnv, CitizenGrant } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';

/**
 * A write by the applicant needs the grant of the service it belongs to (spec README defect 3;
 * docs/decisions/025-amendment-and-consent.md): amending is /verification/4, the consent letter
 * /verification/5. A grant for another service (say, the status look-up) is answered like no grant
 * at all, 401 VERIFICATION_REQUIRED, so the page asks for the code of this service.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's typed context
export async function requirePurpose(c: Context<AppEnv, any, any>, purpose: 4 | 5): Promise<CitizenGrant> {
  const grant = await requireGrant(c);
  if (grant.purpose !== purpose) throw new Problem('VERIFICATION_REQUIRED');
  return grant;
}
