import type { Database } from '../../db/database.js';
import { Problem } from '../../http/problem.js';
import { takeToken } from '../../http/rate-limit.js';

/**
 * Limits on the account endpoints (guide/QUALITY.md: throttle sign-in per account and per address).
 * Every attempt takes a token, so guessing a password costs the guesser, not only failures.
 */
export const AUTH_LIMITS = {
  loginPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { limit: 50, windowSeconds: 15 * 60 },
  registerPerAddress: { limit: 10, windowSeconds: 60 * 60 },
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
