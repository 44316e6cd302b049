import type { Database } from '../../platform/db/database.js';
import { Problem } from '../../platform/http/problem.js';
import { takeToken } from '../../platform/http/rate-limit.js';

/**
 * Limits on the account endpoints (docs/decisions/018-service-targets.md; decision 014). Every attempt takes a token, so
 * guessing a password costs the guesser, not only failures.
 *
 * Sign-in is limited so that a stranger cannot lock an officer out (OWASP, "device cookies"):
 * - from a browser the account signed in from before (known-devices.ts): only per browser;
 * - from anywhere else: per address, per (account, address) pair, and per account. The pair limit
 *   stops one address guessing one account; the per-account limit, ten times higher, only slows a
 *   guess spread over many addresses, and even then keeps no known browser of the officer out.
 */
export const AUTH_LIMITS = {
  loginPerDevice: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { limit: 50, windowSeconds: 15 * 60 },
  loginPerAccountAddress: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 100, windowSeconds: 15 * 60 },
  registerPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  /** Over this the request still answers 202 but no notice mail goes out (no enumeration, no mail flood). */
  registerNoticePerEmail: { limit: 3, windowSeconds: 60 * 60 },
  forgotPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  /** Over this the request still answers 202 but no mail goes out (no enumeration, no mail flood). */
  forgotPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  changePerUser: { limit: 10, windowSeconds: 15 * 60 },
} as const;

export type LimitName = keyof typeof AUTH_LIMITS;

/** Takes a token or throws 429 RATE_LIMITED with the seconds to wait. */
export async function throttle(db: Database, name: LimitName, key: string, now: Date): Promise<void> {
  const result = await tryThrottle(db, name, key, now);
  if (!result.allowed) throw new Problem('RATE_LIMITED', { retryAfterSeconds: result.retryAfterSeconds });
}

export function tryThrottle(db: Database, name: LimitName, key: string, now: Date) {
  return takeToken(db, { bucket: `auth:${name}`, key: key.toLowerCase(), now, ...AUTH_LIMITS[name] });
}

/**
 * The sign-in limits for one attempt. `deviceHash` is the stored hash of the browser's token when it
 * is a known browser of this account (null otherwise, also for an unknown e-mail, so the answer does
 * not tell whether an account exists).
 */
export async function throttleSignIn(
  db: Database,
  attempt: { email: string; address: string; deviceHash: string | null },
  now: Date,
): Promise<void> {
  if (attempt.deviceHash) return throttle(db, 'loginPerDevice', attempt.deviceHash, now);
  await throttle(db, 'loginPerAddress', attempt.address, now);
  await throttle(db, 'loginPerAccountAddress', `${attempt.email} ${attempt.address}`, now);
  await throttle(db, 'loginPerAccount', attempt.email, now);
}
