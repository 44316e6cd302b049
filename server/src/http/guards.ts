import type { Context, MiddlewareHandler } from 'hono';
import type { StaffRole } from '@portal/shared';
import type { AppEnv, StaffPrincipal } from './env.js';
import { Problem } from './problem.js';

/**
 * Deny by default (guide/QUALITY.md): no session → 401 UNAUTHENTICATED; an account the Admin has
 * not given a role yet → 403 ACCOUNT_NO_ROLE (spec 2 §1, self-registered accounts wait for a role);
 * a role not in the list → 403 FORBIDDEN. No roles given = any staff member with a role.
 */
export function requireStaff(...roles: StaffRole[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const staff = c.get('staff');
    if (!staff) throw new Problem('UNAUTHENTICATED');
    if (!staff.role) throw new Problem('ACCOUNT_NO_ROLE');
    if (roles.length > 0 && !roles.includes(staff.role)) throw new Problem('FORBIDDEN');
    await next();
  };
}

/** The signed-in staff member; call only behind requireStaff (or a route that checked it). */
export function staffOf(c: Context<AppEnv>): StaffPrincipal {
  const staff = c.get('staff');
  if (!staff) throw new Problem('UNAUTHENTICATED');
  return staff;
}
