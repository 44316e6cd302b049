import type { Context, MiddlewareHandler } from 'hono';
import {
  areaCan,
  can,
  rolesWith,
  STAFF_ROLES,
  type AreaGrant,
  type AreaPermission,
  type Permission,
  type StaffRole,
} from '@portal/shared';
import type { AppEnv, StaffPrincipal } from './env.js';
import { Problem } from './problem.js';

/**
 * Route guards over the one permission table (shared/src/access.ts, docs/decisions/017-permissions.md).
 * Deny by default (guide QUALITY.md): no session → 401 UNAUTHENTICATED; an account the Admin has
 * not given a role yet → 403 ACCOUNT_NO_ROLE (spec 2 §1, self-registered accounts wait for a role);
 * a role without the permission → 403 FORBIDDEN.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's typed context
type AnyContext = Context<AppEnv, any, any>;

/** The signed-in staff member's role, or the 401/403 that says why there is none. */
export function roleOf(c: AnyContext): StaffRole {
  const staff = c.get('staff');
  if (!staff) throw new Problem('UNAUTHENTICATED');
  if (!staff.role) throw new Problem('ACCOUNT_NO_ROLE');
  return staff.role;
}

/** In a handler: the role, when it holds the permission (for a permission that depends on the input). */
export function allow(c: AnyContext, permission: Permission): StaffRole {
  const role = roleOf(c);
  if (!can(role, permission)) throw new Problem('FORBIDDEN');
  return role;
}

/**
 * The roles each guard lets through, kept beside the guard so that /api/openapi.json states a
 * route's security from the guard that actually runs (http/openapi-contract.ts), not from a
 * second hand-kept list.
 */
const GUARDED_ROLES = new WeakMap<MiddlewareHandler<AppEnv>, readonly StaffRole[]>();

/** The roles a guard middleware admits, or undefined when the middleware is no guard. */
export function guardedRoles(middleware: unknown): readonly StaffRole[] | undefined {
  return typeof middleware === 'function' ? GUARDED_ROLES.get(middleware as MiddlewareHandler<AppEnv>) : undefined;
}

export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    allow(c, permission);
    await next();
  };
  GUARDED_ROLES.set(guard, rolesWith(permission));
  return guard;
}

/**
 * Any role, for a route whose permission depends on a validated input (a queue's name): its
 * handler must call `allow` with that permission. Every other route uses requirePermission.
 */
export function requireRole(): MiddlewareHandler<AppEnv> {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    roleOf(c);
    await next();
  };
  GUARDED_ROLES.set(guard, STAFF_ROLES);
  return guard;
}

/** The signed-in staff member; call only behind a guard (or a route that checked it). */
export function staffOf(c: Context<AppEnv>): StaffPrincipal {
  const staff = c.get('staff');
  if (!staff) throw new Problem('UNAUTHENTICATED');
  return staff;
}

/**
 * The signed-in person's role over an area, when it holds `permission` (docs/decisions/057-offices.md,
 * step 4): 401 with no session, 403 for anyone without such a role, whatever their office role.
 */
export function areaOf(c: AnyContext, permission: AreaPermission): AreaGrant {
  const staff = c.get('staff');
  if (!staff) throw new Problem('UNAUTHENTICATED');
  if (!staff.area || !areaCan(staff.area.role, permission)) throw new Problem('FORBIDDEN');
  return staff.area;
}

export function requireArea(permission: AreaPermission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    areaOf(c, permission);
    await next();
  };
}
