import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface TakeTokenInput {
  /** What is being limited, e.g. 'login-email', 'otp-number'. */
  bucket: string;
  /** Who is being limited within the bucket (an e-mail, a number, an address). */
  key: string;
  /** At most this many allowed hits inside the window. */
  limit: number;
  windowSeconds: number;
  now: Date;
}

export interface TakeTokenResult {
  allowed: boolean;
  /** When refused: seconds until the oldest hit in the window falls out of it (at least 1). */
  retryAfterSeconds: number;
}

/** Hits older than this are deleted whenever a bucket is touched; the longest window we use is a day. */
const RETENTION_SECONDS = 2 * 24 * 60 * 60;

/**
 * Sliding-window limiter over rate_limit_hits (docs/decisions/018-service-targets.md: sign-in and code-send throttling).
 * A hit is recorded only when allowed, so a refused caller does not push its own window further.
 * The check and the insert run under a transaction-scoped advisory lock on (bucket, key), so two
 * simultaneous requests cannot both take the last token. `db` may be a transaction (see below).
 */
export async function takeToken(db: Database, input: TakeTokenInput): Promise<TakeTokenResult> {
  const { bucket, key, limit, windowSeconds, now } = input;
  const since = new Date(now.getTime() - windowSeconds * 1000);
  // Called inside a transaction, the hit commits or rolls back with the caller's change (and the
  // lock is held until then): a refusal by a later limit undoes the earlier limits' hits.
  const run = <T>(fn: (trx: Database) => Promise<T>): Promise<T> =>
    db.isTransaction ? fn(db) : db.transaction().execute(fn);
  return run(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${bucket}), hashtext(${key}))`.execute(trx);
    // Cheap pruning: only this (bucket, key)'s stale rows, found through the (bucket, key, at) index.
    await trx
      .deleteFrom('rate_limit_hits')
      .where('bucket', '=', bucket)
      .where('key', '=', key)
      .where('at', '<', new Date(now.getTime() - Math.max(RETENTION_SECONDS, windowSeconds) * 1000))
      .execute();
    const hits = await trx
      .selectFrom('rate_limit_hits')
      .select('at')
      .where('bucket', '=', bucket)
      .where('key', '=', key)
      .where('at', '>', since)
      .where('at', '<=', now)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    if (hits.length >= limit) {
      // The limit-th most recent hit is the one that must leave the window before another is allowed.
      const oldest = hits[hits.length - 1]!.at;
      const retryMs = oldest.getTime() + windowSeconds * 1000 - now.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)) };
    }
    await trx.insertInto('rate_limit_hits').values({ bucket, key, at: now }).execute();
    return { allowed: true, retryAfterSeconds: 0 };
  });
}
