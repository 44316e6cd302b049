import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { Problem } from '../../http/problem.js';

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
    .onConflict((oc) => oc.column('key').doNothing())
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
