import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';

/**
 * Offline officer decisions carry a client-made id (docs/decisions/018-service-targets.md): a repeat answers with the
 * first result, the same id with another request is a conflict. The key row is inserted first in
 * the request's transaction: a concurrent repeat waits on the unique key until the first commits,
 * then reads its answer, so a decision is never applied twice.
 */
export type Claim<T> =
  { fresh: true; finish(body: T, status?: number): Promise<void> } | { fresh: false; status: number; body: T };

export function requestHash(value: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

export async function claimKey<T>(
  trx: Transaction<DB>,
  key: string,
  scope: string,
  hash: string,
  now: Date,
): Promise<Claim<T>> {
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({ key, scope, request_hash: hash, response_status: 0, response_body: JSON.stringify({}), created_at: now })
    .onConflict((oc) => oc.columns(['office_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) {
    return {
      fresh: true,
      async finish(body, status = 200) {
        await trx
          .updateTable('idempotency_keys')
          .set({ response_status: status, response_body: JSON.stringify(body) })
          .where('key', '=', key)
          .execute();
      },
    };
  }
  const first = await trx
    .selectFrom('idempotency_keys')
    .select(['scope', 'request_hash', 'response_status', 'response_body'])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (first.scope !== scope || first.request_hash !== hash) throw new Problem('IDEMPOTENCY_CONFLICT');
  return { fresh: false, status: first.response_status, body: first.response_body as T };
}

/**
 * One officer decision in one transaction, applied at most once: refused before anything is written
 * when it was queued under another officer's session (docs/decisions/012-offline-queue-truth.md),
 * answered with the first answer when its id was seen before; otherwise `apply` runs and its answer
 * is kept for the repeats. `request` is what makes the same id with other content a conflict.
 */
export async function decideOnce<T>(
  deps: AppDeps,
  decision: { key: string; scope: string; request: unknown; by: number; queuedBy?: number },
  apply: (trx: Transaction<DB>, now: Date) => Promise<T>,
): Promise<T> {
  if (decision.queuedBy !== undefined && decision.queuedBy !== decision.by) throw new Problem('OFFICER_MISMATCH');
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const claim = await claimKey<T>(trx, decision.key, decision.scope, requestHash(decision.request), now);
    if (!claim.fresh) return claim.body;
    const body = await apply(trx, now);
    await claim.finish(body);
    return body;
  });
}
