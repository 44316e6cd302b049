import crypto from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Kysely, Transaction } from 'kysely';
import { CITIZEN_GRANT_COOKIE, OTP } from '@portal/shared';
import type { DB } from '../db/schema.js';
import type { AppEnv, CitizenGrant } from './env.js';
import { Problem } from './problem.js';

/**
 * A citizen's proof of owning the mobile number of ONE application (spec README defect 3): a random
 * 256-bit token in an HttpOnly, SameSite=Lax cookie, kept only as its SHA-256 in citizen_grants,
 * bound to that application and the purpose it was asked for, and expiring after OTP.grantTtlSeconds.
 * Issued by the verification feature after a correct code.
 */
type Ctx = Context<AppEnv>;

export function hashGrantToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The caller's grant, or null when there is none, it is unknown, or it has expired. */
export async function readGrant(c: Ctx): Promise<CitizenGrant | null> {
  const token = getCookie(c, CITIZEN_GRANT_COOKIE);
  if (!token || token.length > 200) return null;
  const { db, now } = c.get('deps');
  const row = await db
    .selectFrom('citizen_grants')
    .select(['application_id', 'purpose'])
    .where('token_hash', '=', hashGrantToken(token))
    .where('expires_at', '>', now())
    .executeTakeFirst();
  return row ? { applicationId: row.application_id, purpose: row.purpose } : null;
}

/** The grant, or 401 VERIFICATION_REQUIRED ("verify your mobile number to proceed"). */
export async function requireGrant(c: Ctx): Promise<CitizenGrant> {
  const grant = await readGrant(c);
  if (!grant) throw new Problem('VERIFICATION_REQUIRED');
  return grant;
}

/** Stores a new grant inside the caller's transaction and sets its cookie on the response. */
export async function issueGrant(
  trx: Kysely<DB> | Transaction<DB>,
  c: Ctx,
  grant: CitizenGrant & { now: Date },
): Promise<{ expiresInSeconds: number }> {
  const token = crypto.randomBytes(32).toString('base64url');
  await trx
    .insertInto('citizen_grants')
    .values({
      token_hash: hashGrantToken(token),
      application_id: grant.applicationId,
      purpose: grant.purpose,
      expires_at: new Date(grant.now.getTime() + OTP.grantTtlSeconds * 1000),
      created_at: grant.now,
    })
    .execute();
  setCookie(c, CITIZEN_GRANT_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: OTP.grantTtlSeconds,
    secure: c.get('deps').config.secureCookies,
  });
  return { expiresInSeconds: OTP.grantTtlSeconds };
}

/** Ends the caller's grant (Cancel, spec 1 §4) on the server and in the browser. */
export async function endGrant(c: Ctx): Promise<void> {
  const token = getCookie(c, CITIZEN_GRANT_COOKIE);
  if (token) {
    await c.get('deps').db.deleteFrom('citizen_grants').where('token_hash', '=', hashGrantToken(token)).execute();
  }
  deleteCookie(c, CITIZEN_GRANT_COOKIE, { path: '/', secure: c.get('deps').config.secureCookies });
}
