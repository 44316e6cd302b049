import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { SESSION } from '@portal/shared';
import type { Database } from '../db/database.js';
import { CURRENT_OFFICE } from '../db/office-scope.js';
import type { AppEnv } from './env.js';
import { clearSessionCookie, readSessionCookie } from './cookies.js';

/** last_seen_at is written at most this often, so a busy officer does not cost a write per request. */
const TOUCH_EVERY_MS = 60_000;

/** Tokens are stored only as their SHA-256: a database leak does not hand out live sessions. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A new session (32 random bytes) for a user who just proved their password; returns the cookie value. */
export async function createSession(
  db: Database,
  userId: number,
  now: Date,
): Promise<{ token: string; idHash: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const idHash = hashToken(token);
  // Housekeeping: this user's sessions that ran out (absolute or idle) are dropped at each sign-in.
  await db
    .deleteFrom('staff_sessions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb('last_seen_at', '<=', new Date(now.getTime() - SESSION.idleSeconds * 1000)),
      ]),
    )
    .execute();
  await db
    .insertInto('staff_sessions')
    .values({
      id_hash: idHash,
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION.absoluteSeconds * 1000),
    })
    .execute();
  return { token, idHash };
}

/** Ends every session of a user (role changed or removed, password changed), optionally keeping one. */
export async function endSessionsOfUser(db: Database, userId: number, keepIdHash?: string): Promise<void> {
  let q = db.deleteFrom('staff_sessions').where('user_id', '=', userId);
  if (keepIdHash) q = q.where('id_hash', '!=', keepIdHash);
  await q.execute();
}

export async function endSession(db: Database, idHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
}

/**
 * Reads the staff session cookie and sets c.get('staff'): null when there is no cookie or the
 * session is unknown, past its absolute lifetime, or idle too long (SESSION constants).
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('staff', null);
  const token = readSessionCookie(c);
  // No office could be read (the database is away): nobody is signed in to anything this time. On
  // the national address a session holds no office role, only its area role (decision 057).
  if (token && (c.get('office') || c.get('national'))) {
    const { db, now: clock } = c.get('deps');
    const now = clock();
    const idHash = hashToken(token);
    const row = await db
      .selectFrom('staff_sessions as s')
      .innerJoin('staff_users as u', 'u.id', 's.user_id')
      // The role in this request's office only: a role elsewhere opens nothing here (decision 057).
      .leftJoin('staff_roles as r', (join) =>
        join.onRef('r.user_id', '=', 'u.id').on('r.office_id', '=', CURRENT_OFFICE),
      )
      .leftJoin('area_roles as ar', 'ar.user_id', 'u.id')
      .select(['s.id_hash', 's.last_seen_at', 's.expires_at', 'u.id', 'u.email', 'r.role', 'u.must_change_password'])
      .select(['ar.role as area_role', 'ar.division_id', 'ar.district_id'])
      .where('s.id_hash', '=', idHash)
      .executeTakeFirst();
    const idleLimit = row ? row.last_seen_at.getTime() + SESSION.idleSeconds * 1000 : 0;
    if (row && row.expires_at.getTime() > now.getTime() && idleLimit > now.getTime()) {
      if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
        await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
      }
      c.set('staff', {
        id: row.id,
        email: row.email,
        role: row.role,
        sessionIdHash: idHash,
        mustChangePassword: row.must_change_password,
        area: row.area_role ? { role: row.area_role, divisionId: row.division_id, districtId: row.district_id } : null,
      });
    } else {
      if (row) await endSession(db, idHash);
      clearSessionCookie(c);
    }
  }
  await next();
};
