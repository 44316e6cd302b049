import type { Context } from 'hono';
import { PRINT_CAPABILITY_DAYS } from '@portal/shared';
import type { AppEnv } from '../../http/env.js';
import { readGrant } from '../../http/citizen-grant.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Who may read one citizen application (deny by default, guide/QUALITY.md):
 * - staff with a role;
 * - a citizen whose verified grant (one-time code, spec 1 §2) is for this application;
 * - when `idHolder` is allowed: whoever holds the application's id (the UUID made on the phone that
 *   submitted it, unguessable), for PRINT_CAPABILITY_DAYS after it was made, so the applicant can
 *   print Form-Ka right after submitting without a code.
 * Callers answer 404 otherwise, so a stranger learns nothing about whether the application exists.
 */
export async function mayReadApplication(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's typed context
  c: Context<AppEnv, any, any>,
  app: { id: string; createdAt: Date },
  opts: { idHolder: boolean },
): Promise<boolean> {
  if (c.get('staff')?.role) return true;
  const grant = await readGrant(c);
  if (grant && grant.applicationId === app.id) return true;
  if (opts.idHolder) {
    const age = c.get('deps').now().getTime() - app.createdAt.getTime();
    return age >= 0 && age < PRINT_CAPABILITY_DAYS * DAY_MS;
  }
  return false;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);
