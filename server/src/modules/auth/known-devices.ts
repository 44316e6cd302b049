import crypto from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../platform/http/env.js';
import { hashToken } from '../../platform/http/session.js';

/**
 * Browsers an account signed in from ("device cookies", OWASP; decision 014). After a successful
 * sign-in the browser gets a random token (only its SHA-256 is stored); a later sign-in to the same
 * account that presents it is limited per browser instead of per account and address, so a
 * stranger's failures elsewhere never keep the officer out of a browser they have used before.
 * The token proves nothing else: it opens no session and skips no password check.
 */
const COOKIE = 'portal_device';
const TTL_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored hash of this browser's token when it belongs to `userId` and is still valid, else null. */
export async function knownDevice(c: Context<AppEnv>, userId: number, now: Date): Promise<string | null> {
  const token = getCookie(c, COOKIE);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const row = await c
    .get('deps')
    .db.selectFrom('staff_devices')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.token_hash ?? null;
}

/**
 * After a successful sign-in: a fresh token for this browser and account (the one it brought, if
 * any, is replaced), and this account's expired tokens are dropped.
 */
export async function rememberDevice(c: Context<AppEnv>, userId: number, now: Date): Promise<void> {
  const { db, config } = c.get('deps');
  const previous = getCookie(c, COOKIE);
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    if (previous) await trx.deleteFrom('staff_devices').where('token_hash', '=', hashToken(previous)).execute();
    await trx.deleteFrom('staff_devices').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
    await trx
      .insertInto('staff_devices')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now,
        expires_at: new Date(now.getTime() + TTL_DAYS * DAY_MS),
      })
      .execute();
  });
  // Sent only to the sign-in routes; Strict, since sign-in is always a same-site request.
  setCookie(c, COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/api/auth',
    maxAge: TTL_DAYS * 24 * 60 * 60,
    secure: config.secureCookies,
  });
}
