import { type MessageKey } from '@portal/shared/i18n/index';
import { backoffDelay } from './backoff';
import { db, type OutboxError, type OutboxItem, type OutboxStatus } from './db';
import { translateIn } from '../i18n/locale';

/**
 * What becomes of an outbox item after one try (docs/decisions/012-offline-queue-truth.md): it
 * waits with a backoff, fails with the server's reason, or is counted towards the server-error
 * limit. The engine (engine.ts) and the upload protocol (upload.ts) both end a try here.
 */

export interface SyncDeps {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  now: () => number;
}

export type Outcome = 'done' | 'later' | 'network';

/** The reason stored on an item is kept in both languages: the queue screen shows the current one. */
export function localError(code: string, key: MessageKey): OutboxError {
  return { code, messageBn: translateIn('bn', key), messageEn: translateIn('en', key) };
}

export async function readJson(res: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const text = await res.text();
    return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export interface ServerProblem extends OutboxError {
  current?: unknown;
}

export function problemOf(status: number, body: Record<string, unknown> | undefined): ServerProblem {
  const error = body?.error as
    | { code?: string; message?: string; messageEn?: string; fields?: Record<string, string>; current?: unknown }
    | undefined;
  const fieldMessages = error?.fields ? Object.values(error.fields).slice(0, 3) : [];
  const fallback = localError('', status >= 500 ? 'offline.error.server' : 'offline.error.refused');
  const base = error?.message ?? fallback.messageBn;
  return {
    code: error?.code ?? `HTTP_${status}`,
    messageBn: fieldMessages.length ? `${base} (${fieldMessages.join(' ')})` : base,
    messageEn: error?.messageEn ?? fallback.messageEn,
    current: error?.current,
  };
}

/** 5xx, 408 and 429 say "not now"; 401 means the officer must sign in again, after which the same item succeeds. */
function isTransient(status: number): boolean {
  return status >= 500 || status === 408 || status === 429 || status === 401;
}

/** The status an item returns to when it is waiting for another try. */
function waitingStatus(item: OutboxItem): OutboxStatus {
  return item.result ? 'files-pending' : 'saved';
}

export async function later(
  item: OutboxItem,
  deps: SyncDeps,
  error?: OutboxError,
  also: Partial<OutboxItem> = {},
): Promise<Outcome> {
  const attempts = item.attempts + 1;
  await db.outbox.update(item.id, {
    status: waitingStatus(item),
    attempts,
    nextAttemptAt: deps.now() + backoffDelay(attempts),
    ...(error ? { lastError: error } : {}),
    ...also,
  });
  return 'later';
}

export async function network(item: OutboxItem, deps: SyncDeps): Promise<Outcome> {
  await later(item, deps, localError('NETWORK', 'offline.error.network'));
  return 'network';
}

export async function fail(
  item: OutboxItem,
  problem: ServerProblem,
  status: OutboxStatus = 'failed',
  also: Partial<OutboxItem> = {},
): Promise<Outcome> {
  const { current, ...lastError } = problem;
  await db.outbox.update(item.id, { status, lastError, ...(status === 'conflict' ? { current } : {}), ...also });
  return 'done';
}

/**
 * How many server errors (5xx) an item takes before it stops and waits for the person: with the
 * backoff that is about four minutes of tries. A request the server fails on every time (a bug, a
 * value it cannot store) must not be resent for ever; the item stays on the phone as "needs
 * attention" with the reason, and "try again" starts the count afresh (docs/decisions/012).
 */
export const SERVER_ERROR_LIMIT = 8;

export async function refused(item: OutboxItem, deps: SyncDeps, res: Response): Promise<Outcome> {
  const problem = problemOf(res.status, await readJson(res));
  if (res.status >= 500) {
    // Counted in the same write that puts the item back in the queue or stops it.
    const serverErrors = (item.serverErrors ?? 0) + 1;
    if (serverErrors >= SERVER_ERROR_LIMIT) return fail(item, problem, 'failed', { serverErrors });
    return later(item, deps, problem, { serverErrors });
  }
  if (isTransient(res.status)) return later(item, deps, problem);
  if (res.status === 409 && problem.code === 'STALE_STATE') return fail(item, problem, 'conflict');
  return fail(item, problem);
}
