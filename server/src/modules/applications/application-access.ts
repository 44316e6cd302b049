import type { Context } from 'hono';
import { canReadDocuments, PRINT_CAPABILITY_DAYS, type AccessState } from '@portal/shared';
import type { AppEnv } from '../../platform/http/env.js';
import { readGrant } from '../../platform/http/citizen-grant.js';
import { Problem } from '../../platform/http/problem.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Who may read one citizen application's documents: its uploaded files, and Form-Ka with the photo
 * (deny by default, guide QUALITY.md):
 * - a staff role that reviews the documents and whose lists show the application
 *   (canReadDocuments, docs/decisions/017-permissions.md);
 * - a citizen whose verified grant (one-time code, spec 1 §2) is for this application;
 * - when `idHolder` is allowed: whoever holds the application's id (the UUID made on the phone that
 *   submitted it, unguessable), for PRINT_CAPABILITY_DAYS after it was made, so the applicant can
 *   print Form-Ka right after submitting without a code.
 * Any other staff role gets 403 FORBIDDEN: staff know the application exists (it is in the office's
 * lists), and a refusal says so plainly. Everyone else gets false, and the caller answers 404, so a
 * stranger learns nothing about whether the application exists.
 */
export async function mayReadApplication(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's typed context
  c: Context<AppEnv, any, any>,
  app: { id: string; createdAt: Date } & AccessState,
  opts: { idHolder: boolean },
): Promise<boolean> {
  const role = c.get('staff')?.role;
  if (role && canReadDocuments(role, app)) return true;
  const grant = await readGrant(c);
  if (grant && grant.applicationId === app.id) return true;
  if (opts.idHolder) {
    const age = c.get('deps').now().getTime() - app.createdAt.getTime();
    if (age >= 0 && age < PRINT_CAPABILITY_DAYS * DAY_MS) return true;
  }
  if (role) throw new Problem('FORBIDDEN');
  return false;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);
