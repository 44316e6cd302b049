import { liveQuery } from 'dexie';
import type { ActionRequest, ApplicationDetail } from '@portal/shared/schemas/review';
import { db, type OutboxError, type OutboxItem, type QueuedBy } from '../../offline/db';
import { newId } from '../../offline/ids';
import { enqueueOfficerAction } from '../../offline/outbox';

/**
 * Every officer decision goes through the outbox (docs/decisions/018-service-targets.md): it is written to IndexedDB
 * with an id made here and the version the officer saw, and the sync engine sends it. With a
 * connection the screen waits for the answer; without one the decision stays on the device.
 */
export type ActionOutcome =
  | { kind: 'done' }
  | { kind: 'queued' }
  | { kind: 'conflict'; current: ApplicationDetail | null }
  | { kind: 'failed'; error: OutboxError };

export type ActionName = ActionRequest['action'];
export type PayloadOf<A extends ActionName> = Extract<ActionRequest, { action: A }>['payload'];

/** What the page hands a decision form: the request's state, and where the checked payload goes. */
export interface DecisionFormProps<A extends ActionName> {
  busy: boolean;
  disabled?: boolean;
  error?: string | null;
  onSubmit: (payload: PayloadOf<A>) => void;
}

/** The decision's id comes from the one id helper: crypto.randomUUID fails on a plain-http office LAN (decision 012). */
export function buildRequest<A extends ActionName>(action: A, version: number, payload: PayloadOf<A>): ActionRequest {
  return { action, version, clientActionId: newId(), payload } as ActionRequest;
}

/** How long to wait for the engine's answer once the decision is on the wire. */
export const ANSWER_WAIT_MS = 20_000;
/** If the engine has not picked the decision up by then, its ping failed or other items go first. */
export const PICKUP_WAIT_MS = 6_000;

function outcomeOf(item: OutboxItem | undefined): ActionOutcome | null {
  if (!item || item.status === 'received') return { kind: 'done' };
  if (item.status === 'conflict')
    return { kind: 'conflict', current: (item.current as ApplicationDetail | undefined) ?? null };
  if (item.status === 'failed') return { kind: 'failed', error: item.lastError ?? { code: 'INTERNAL', messageBn: '' } };
  // Tried and put back to wait (no network, server busy, signed out): the engine retries on its own.
  if (item.status === 'saved' && item.attempts > 0) return { kind: 'queued' };
  return null;
}

/** Decisions a screen is waiting on right now: their answer is announced there, not again by DetailPage. */
export const awaitedItems = new Set<string>();

/** Resolves when the queued decision has an answer, or when it is clear that it must wait for a connection. */
export function waitForOutcome(
  itemId: string,
  waits: { pickup?: number; answer?: number } = {},
): Promise<ActionOutcome> {
  const { pickup = PICKUP_WAIT_MS, answer = ANSWER_WAIT_MS } = waits;
  awaitedItems.add(itemId);
  return new Promise((resolve) => {
    let settled = false;
    let picked = false;
    const finish = (o: ActionOutcome) => {
      if (settled) return;
      settled = true;
      awaitedItems.delete(itemId);
      clearTimeout(pickupTimer);
      clearTimeout(answerTimer);
      sub.unsubscribe();
      resolve(o);
    };
    const pickupTimer = setTimeout(() => !picked && finish({ kind: 'queued' }), pickup);
    const answerTimer = setTimeout(() => finish({ kind: 'queued' }), answer);
    const sub = liveQuery(() => db.outbox.get(itemId)).subscribe({
      next: (item) => {
        if (item?.status === 'sending') picked = true;
        const o = outcomeOf(item);
        if (o) finish(o);
      },
      error: () => finish({ kind: 'queued' }),
    });
  });
}

/** Waits for a queued decision's answer only when the device believes it is online. */
export function awaitAnswer(itemId: string): Promise<ActionOutcome> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve({ kind: 'queued' });
  return waitForOutcome(itemId);
}

/**
 * Queues the decision under the officer who made it (sent only under their session, decision 012),
 * then waits for its answer (or for it to be clear that it must wait for a connection).
 */
export async function sendOfficerAction(
  applicationId: string,
  request: ActionRequest,
  label: string,
  officer: QueuedBy,
): Promise<ActionOutcome> {
  const item = await enqueueOfficerAction({ applicationId, request, label, officer });
  return awaitAnswer(item.id);
}
