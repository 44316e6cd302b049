import type { MiddlewareHandler } from 'hono';
import type { ProblemCode } from '@portal/shared';
import type { AppEnv } from './env.js';
import { Problem, problemResponse } from './problem.js';

/** Answers that mean "this needs a staff session": for such a session they become PASSWORD_CHANGE_REQUIRED. */
export const NEEDS_STAFF: ReadonlySet<ProblemCode> = new Set([
  'UNAUTHENTICATED',
  'ACCOUNT_NO_ROLE',
  'FORBIDDEN',
  'VERIFICATION_REQUIRED',
]);

/**
 * An account that must change its password (the first Admin's one-time password, or a password
 * from before the current rule; decision 014) may use only its own account routes under /api/auth —
 * change the password, sign out, "who am I", sign in again — until it does.
 *
 * Everywhere else its session counts for nothing: the request runs as an anonymous visitor's
 * (public pages and citizen routes work as for anyone, and no staff check can pass, whichever way
 * a route reads the session), and a refusal that a staff session would have avoided answers
 * 403 PASSWORD_CHANGE_REQUIRED, which the client turns into the password-change screen.
 * Runs after the session middleware (app.ts).
 */
export const mustChangePassword: MiddlewareHandler<AppEnv> = async (c, next) => {
  const staff = c.get('staff');
  // The flag comes with the session's own read (http/session.ts): no query of its own.
  if (!staff?.mustChangePassword || !passwordChangeGates(c.req.path)) return next();
  c.set('staff', null);
  await next();
  if (c.error instanceof Problem && NEEDS_STAFF.has(c.error.code)) {
    // Replace, not merge: the refusal's own headers do not belong to this answer.
    c.res = undefined;
    c.res = problemResponse(c, 'PASSWORD_CHANGE_REQUIRED');
  }
};

/** Whether the gate above stands before this path (its own account routes stay open); /api/openapi.json reads it too. */
export function passwordChangeGates(path: string): boolean {
  return !path.startsWith('/api/auth/');
}
