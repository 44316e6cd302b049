import { sql } from 'kysely';
import { OTP } from '@portal/shared';
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import { officeScope, scopeOf, scopedDatabase } from '../../platform/db/office-scope.js';
import { allOfficesScope } from '../offices/offices.repository.js';
import { resolveGateway, type SmsGateway } from './gateway.js';

/**
 * The outbox worker (docs/decisions/018-service-targets.md: "a gateway outage loses nothing and a retry never sends the
 * same message twice"). It claims one due message at a time with a single UPDATE … FOR UPDATE SKIP
 * LOCKED (short statements: PGlite has one connection), sends it outside any transaction, then marks
 * it sent, or puts it back with a backoff. A message is sent again only when the gateway did not
 * accept it; a claimed message whose process died is taken again once its lease runs out.
 */
export interface SmsWorkerDeps {
  db: Database;
  config: Config;
  now: () => Date;
  /** Tests pass a fixed gateway; otherwise it is resolved per message (config, then site settings). */
  gateway?: SmsGateway;
}

export const SMS_RETRY = {
  firstDelayMs: 5_000,
  maxDelayMs: 10 * 60_000,
  maxAttempts: 12,
  /** A claimed ('sending') message not finished by then is taken again (its worker died). */
  leaseMs: 2 * 60_000,
} as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(SMS_RETRY.maxDelayMs, SMS_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  id: number;
  office_id: number;
  to_number: string;
  body: string;
  kind: string;
  attempts: number;
  created_at: Date;
}

async function claimNext(deps: SmsWorkerDeps): Promise<Claimed | null> {
  const now = deps.now();
  const lease = new Date(now.getTime() + SMS_RETRY.leaseMs);
  // A message never tried is due at once (whatever clock stamped it); a retry waits for its backoff.
  // Codes go first: the citizen is waiting for them on the screen.
  const result = await sql<Claimed>`
    UPDATE sms_outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = ${lease}
    WHERE id = (
      SELECT id FROM sms_outbox
      WHERE (status = 'pending' AND (attempts = 0 OR next_attempt_at <= ${now}))
         OR (status = 'sending' AND next_attempt_at <= ${now})
      ORDER BY (kind = 'otp') DESC, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, office_id, to_number, body, kind, attempts, created_at`.execute(deps.db);
  return result.rows[0] ?? null;
}

async function sendOne(all: SmsWorkerDeps, msg: Claimed): Promise<void> {
  // Sent and marked in the message's own office: its gateway settings, its row.
  const deps = { ...all, db: scopedDatabase(all.db, officeScope(msg.office_id)) };
  const gateway = deps.gateway ?? (await resolveGateway(deps));
  const result = await gateway.send(msg.to_number, msg.body);
  const now = deps.now();
  if (result.accepted) {
    await deps.db
      .updateTable('sms_outbox')
      .set({ status: 'sent', gateway_reply: result.reply, sent_at: now, last_error: null })
      .where('id', '=', msg.id)
      .execute();
    return;
  }
  // A code is useless once it has expired: stop retrying it rather than text a dead code later.
  const staleCode = msg.kind === 'otp' && now.getTime() - new Date(msg.created_at).getTime() > OTP.ttlSeconds * 1000;
  const giveUp = staleCode || msg.attempts >= SMS_RETRY.maxAttempts;
  await deps.db
    .updateTable('sms_outbox')
    .set({
      status: giveUp ? 'failed' : 'pending',
      last_error: result.error.slice(0, 1000),
      gateway_reply: result.reply,
      next_attempt_at: new Date(now.getTime() + retryDelayMs(msg.attempts)),
    })
    .where('id', '=', msg.id)
    .execute();
  console.warn(
    `[sms] message ${msg.id} (${msg.kind}) not accepted, attempt ${msg.attempts}${giveUp ? ', giving up' : ''}: ${result.error}`,
  );
}

/**
 * Sends every message that is due now, one at a time; returns how many were tried. A scoped
 * database drains its offices' messages; the base database, every office's.
 */
export async function drainOnce(given: SmsWorkerDeps): Promise<number> {
  const deps = scopeOf(given.db) ? given : { ...given, db: scopedDatabase(given.db, await allOfficesScope(given.db)) };
  let tried = 0;
  for (;;) {
    const msg = await claimNext(deps);
    if (!msg) return tried;
    tried++;
    try {
      await sendOne(deps, msg);
    } catch (err) {
      // A database hiccup after claiming: the lease brings the message back later.
      console.error(`[sms] message ${msg.id} could not be processed`, err);
      return tried;
    }
  }
}

const running = new Set<() => void>();

/**
 * Asks every running worker to look at the outbox now instead of at its next poll: a one-time
 * code should reach the phone in seconds (verification feature).
 */
export function nudgeSmsWorker(): void {
  for (const wake of running) wake();
}

/** Polls the outbox every pollMs (and at once when nudged); the returned function stops it. */
export function startSmsWorker(deps: SmsWorkerDeps & { pollMs?: number }): () => Promise<void> {
  const pollMs = deps.pollMs ?? deps.config.sms.pollMs;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
  };
  const tick = () => {
    timer = null;
    if (current) {
      again = true;
      return;
    }
    current = drainOnce(deps)
      .then(() => undefined)
      .catch((err) => console.error('[sms] outbox worker', err))
      .finally(() => {
        current = null;
        if (again) {
          again = false;
          schedule(0);
        } else schedule(pollMs);
      });
  };
  const wake = () => schedule(0);
  running.add(wake);
  schedule(0);

  return async () => {
    stopped = true;
    running.delete(wake);
    if (timer) clearTimeout(timer);
    timer = null;
    await current;
  };
}
