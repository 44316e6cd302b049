import type { IntakeFileResponse, IntakeResponse, VisitPhotoResponse, VisitResponse } from '@portal/shared';
import { KIND_SLUG, type Kind } from '@portal/shared/kinds/slots';
import { type MessageKey } from '@portal/shared/i18n/index';
import { backoffDelay, MAX_DELAY_MS } from './backoff';
import {
  db,
  UNSENT_STATUSES,
  type LegacyOutboxKind,
  type OfficerKind,
  type OutboxError,
  type OutboxItem,
  type OutboxStatus,
} from './db';
import { translateIn } from '../i18n/locale';

/**
 * The sync engine (docs/decisions/018-service-targets.md "The client"): one pass over the outbox, one item at a time.
 * The server is pinged instead of trusting navigator.onLine, and one bad item is recorded on
 * the item and never blocks the others. When and in which tab it runs is decided in sync.ts.
 */

export interface SyncDeps {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  now: () => number;
}

export const browserDeps: SyncDeps = {
  fetch: (input, init) => fetch(input, { credentials: 'same-origin', ...init }),
  now: () => Date.now(),
};

export interface DrainResult {
  /** The server could not be reached (ping or a request failed on the network). */
  offline: boolean;
  /** Items still not on the server after this drain. */
  remaining: number;
  /** The earliest moment a backed-off item becomes due, if any. */
  nextDueAt: number | null;
}

type Outcome = 'done' | 'later' | 'network';

/** The reason stored on an item is kept in both languages: the queue screen shows the current one. */
function localError(code: string, key: MessageKey): OutboxError {
  return { code, messageBn: translateIn('bn', key), messageEn: translateIn('en', key) };
}

let uploading = false;

/** True while a request of the outbox is on the wire. */
export function isUploading(): boolean {
  return uploading;
}

async function readJson(res: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const text = await res.text();
    return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

interface ServerProblem extends OutboxError {
  current?: unknown;
}

function problemOf(status: number, body: Record<string, unknown> | undefined): ServerProblem {
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

async function later(
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

async function network(item: OutboxItem, deps: SyncDeps): Promise<Outcome> {
  await later(item, deps, localError('NETWORK', 'offline.error.network'));
  return 'network';
}

async function fail(
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

async function refused(item: OutboxItem, deps: SyncDeps, res: Response): Promise<Outcome> {
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

/** Complete on the server: the blobs are no longer needed on the phone. */
async function markReceived(item: OutboxItem): Promise<void> {
  await db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    await db.outbox.update(item.id, {
      status: 'received',
      filesUploaded: item.filesTotal,
      nextAttemptAt: 0,
      lastError: undefined,
    });
    await db.outboxFiles.where('itemId').equals(item.id).delete();
  });
}

/** Marks as uploaded every file the server no longer asks for, in one transaction with the item's progress. */
async function recordArrived(itemId: string, missing: readonly (string | number)[]): Promise<void> {
  missing = missing.map(String);
  await db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    const files = await db.outboxFiles.where('itemId').equals(itemId).toArray();
    for (const f of files) {
      const uploaded = !missing.includes(f.slot);
      if (f.uploaded !== uploaded) await db.outboxFiles.update([f.itemId, f.slot], { uploaded });
    }
    await db.outbox.update(itemId, { filesUploaded: files.filter((f) => !missing.includes(f.slot)).length });
  });
}

/** Items queued before decision 023 named their kind so; they are sent as these kinds, unchanged. */
const LEGACY_KINDS: Record<LegacyOutboxKind, Kind> = { application: 'New', complaint: 'Complaint', copy: 'Copy' };

/** The kind an item is sent as: every citizen item goes to the one intake, /api/intake/{slug}. */
export function intakeKindOf(kind: Exclude<OutboxItem['kind'], OfficerKind>): Kind {
  return kind in LEGACY_KINDS ? LEGACY_KINDS[kind as LegacyOutboxKind] : (kind as Kind);
}

async function sendRequest(item: OutboxItem, deps: SyncDeps): Promise<Outcome> {
  const base = `/api/intake/${KIND_SLUG[intakeKindOf(item.kind as Exclude<OutboxItem['kind'], OfficerKind>)]}`;
  // The item is posted on every attempt: the server answers a repeat with the first result
  // (same number) and tells which files it still lacks, so a lost answer costs nothing.
  let res: Response;
  try {
    res = await deps.fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(item.payload),
    });
  } catch {
    return network(item, deps);
  }
  if (!res.ok) return refused(item, deps, res);
  const accepted = (await readJson(res)) as IntakeResponse | undefined;
  if (!accepted?.id) return later(item, deps, localError('BAD_RESPONSE', 'offline.error.server'));
  const result = { applicationNumber: accepted.referenceNumber, id: accepted.id };
  await db.outbox.update(item.id, { result, status: 'sending' });
  item = { ...item, result };
  if (accepted.status === 'complete') {
    await markReceived(item);
    return 'done';
  }
  await recordArrived(item.id, accepted.missingSlots);

  // One file per request, in the order the person gave them, each marked as soon as it is
  // accepted: a cut connection re-sends at most one file.
  for (const slot of accepted.missingSlots) {
    const file = await db.outboxFiles.get([item.id, slot]);
    if (!file) return fail(item, localError('FILE_MISSING_ON_PHONE', 'offline.error.fileMissing'));
    let put: Response;
    try {
      put = await deps.fetch(`${base}/${encodeURIComponent(result.id)}/files/${slot}`, {
        method: 'PUT',
        headers: {
          'content-type': file.mime,
          'x-file-name': encodeURIComponent(file.name),
          'x-file-sha256': file.sha256,
        },
        body: file.blob,
      });
    } catch {
      return network(item, deps);
    }
    if (!put.ok) {
      // FILES_CLOSED: the server finished the item meanwhile (an earlier answer was lost);
      // the next attempt's repeat post says so.
      if (put.status === 409) return later(item, deps);
      return refused(item, deps, put);
    }
    const stored = (await readJson(put)) as IntakeFileResponse | undefined;
    if (!stored) return later(item, deps, localError('BAD_RESPONSE', 'offline.error.server'));
    if (stored.status === 'complete') {
      await markReceived(item);
      return 'done';
    }
    await recordArrived(item.id, stored.missingSlots);
  }
  // Every file it asked for was sent but it still waits: ask again after a pause.
  return later(item, deps);
}

/** Who is signed in on this device, as the server sees the session cookie (GET /api/auth/me). */
type SignedIn = { kind: 'known'; staffId: number | null } | { kind: 'network' } | { kind: 'unknown' };

async function askWhoIsSignedIn(deps: SyncDeps): Promise<SignedIn> {
  let res: Response;
  try {
    res = await deps.fetch('/api/auth/me', { method: 'GET', cache: 'no-store' });
  } catch {
    return { kind: 'network' };
  }
  if (res.status === 401) return { kind: 'known', staffId: null };
  const me = res.ok ? await readJson(res) : undefined;
  return typeof me?.id === 'number' ? { kind: 'known', staffId: me.id } : { kind: 'unknown' };
}

/** Held until its officer signs in here: it waits with a reason the screens show, and blocks nothing. */
function heldFor(item: OutboxItem, deps: SyncDeps): Promise<Outcome> {
  const officer = item.officer?.email ?? '';
  return later(item, deps, {
    code: 'OFFICER_SIGNED_OUT',
    messageBn: translateIn('bn', 'offline.error.otherOfficer', { officer }),
    messageEn: translateIn('en', 'offline.error.otherOfficer', { officer }),
  });
}

/**
 * A queued decision is sent only while the officer who made it is the one signed in: the cookie
 * is whoever signed in last on this device, and the audit must name the decision's own officer
 * (docs/decisions/012-offline-queue-truth.md). The request also names the officer, so the server
 * refuses it (OFFICER_MISMATCH) should the session change between the question and the send.
 */
async function officerGate(
  item: OutboxItem,
  deps: SyncDeps,
  signedIn: () => Promise<SignedIn>,
): Promise<Outcome | null> {
  if (!item.officer) return fail(item, localError('OFFICER_UNKNOWN', 'offline.error.officerUnknown'));
  const who = await signedIn();
  if (who.kind === 'network') return network(item, deps);
  if (who.kind === 'unknown') return later(item, deps, localError('', 'offline.error.server'));
  if (who.staffId !== item.officer.id) return heldFor(item, deps);
  return null;
}

/**
 * An officer's request the server refused with 401/403: another session (OFFICER_MISMATCH, signed
 * out) holds it for its officer, a one-time password to change makes it wait, anything else fails it.
 */
async function officerRefused(item: OutboxItem, deps: SyncDeps, res: Response): Promise<Outcome> {
  const problem = problemOf(res.status, await readJson(res));
  if (res.status === 401 || problem.code === 'OFFICER_MISMATCH') return heldFor(item, deps);
  // A one-time password must be changed first (docs/decisions/014): the item waits for it.
  if (problem.code === 'PASSWORD_CHANGE_REQUIRED') return later(item, deps, problem);
  return fail(item, problem);
}

/**
 * Posts an officer's item to `path` under its officer's gate: the answer when the server took it,
 * else what became of the item (held, later, failed, refused).
 */
async function postAsOfficer(
  item: OutboxItem,
  deps: SyncDeps,
  signedIn: () => Promise<SignedIn>,
  path: string,
): Promise<Response | Outcome> {
  const gate = await officerGate(item, deps, signedIn);
  if (gate) return gate;
  let res: Response;
  try {
    res = await deps.fetch(`/api/staff/applications/${encodeURIComponent(item.applicationId ?? '')}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(item.payload),
    });
  } catch {
    return network(item, deps);
  }
  if (res.status === 403 || res.status === 401) return officerRefused(item, deps, res);
  if (!res.ok) return refused(item, deps, res);
  return res;
}

async function sendOfficerAction(
  item: OutboxItem,
  deps: SyncDeps,
  signedIn: () => Promise<SignedIn>,
): Promise<Outcome> {
  const res = await postAsOfficer(item, deps, signedIn, 'actions');
  if (typeof res === 'string') return res;
  await db.outbox.update(item.id, { status: 'received', nextAttemptAt: 0, lastError: undefined });
  return 'done';
}

/**
 * An inspector's field visit (docs/decisions/030-field-visits.md, 032): the protocol of the
 * citizen items (POST on every attempt, the server answers a repeat with the photos it still
 * lacks, then one photo per request), under the officer gate of a decision.
 */
async function sendVisit(item: OutboxItem, deps: SyncDeps, signedIn: () => Promise<SignedIn>): Promise<Outcome> {
  const res = await postAsOfficer(item, deps, signedIn, 'visits');
  if (typeof res === 'string') return res;
  const accepted = (await readJson(res)) as VisitResponse | undefined;
  if (!accepted?.id) return later(item, deps, localError('BAD_RESPONSE', 'offline.error.server'));
  const result = { applicationNumber: item.result?.applicationNumber ?? 0, id: accepted.id };
  await db.outbox.update(item.id, { result, status: 'sending' });
  item = { ...item, result };
  if (accepted.status === 'complete') {
    await markReceived(item);
    return 'done';
  }
  await recordArrived(item.id, accepted.missingPhotos);
  for (const index of accepted.missingPhotos) {
    const file = await db.outboxFiles.get([item.id, String(index)]);
    if (!file) return fail(item, localError('FILE_MISSING_ON_PHONE', 'offline.error.fileMissing'));
    let put: Response;
    try {
      put = await deps.fetch(`/api/staff/visits/${encodeURIComponent(result.id)}/photos/${index}`, {
        method: 'PUT',
        headers: { 'content-type': file.mime, 'x-file-sha256': file.sha256 },
        body: file.blob,
      });
    } catch {
      return network(item, deps);
    }
    if (put.status === 403 || put.status === 401) return officerRefused(item, deps, put);
    // FILES_CLOSED: complete meanwhile (an answer was lost); the next repeat post says so.
    if (put.status === 409) return later(item, deps);
    if (!put.ok) return refused(item, deps, put);
    const stored = (await readJson(put)) as VisitPhotoResponse | undefined;
    if (!stored) return later(item, deps, localError('BAD_RESPONSE', 'offline.error.server'));
    if (stored.status === 'complete') {
      await markReceived(item);
      return 'done';
    }
    await recordArrived(item.id, stored.missingPhotos);
  }
  return later(item, deps);
}

/**
 * A decision waits for the visits queued before it on the same application (docs/decisions/032):
 * the visit records the checklist the decision was taken on, and must be on the server first. A
 * visit that failed keeps it waiting too, until the officer retries or deletes the visit. Items of
 * other applications are never held by it.
 */
function visitBefore(item: OutboxItem, visits: readonly OutboxItem[]): OutboxItem | undefined {
  if (item.kind !== 'officerAction') return undefined;
  return visits.find(
    (v) => v.applicationId === item.applicationId && v.createdAt <= item.createdAt && v.status !== 'received',
  );
}

/** The decision waits with its reason shown, and is looked at again when its visit is due. */
async function waitForVisit(item: OutboxItem, visit: OutboxItem, deps: SyncDeps): Promise<void> {
  const until = visit.status === 'failed' ? deps.now() + MAX_DELAY_MS : visit.nextAttemptAt;
  await db.outbox.update(item.id, {
    nextAttemptAt: until,
    lastError: localError('WAITING_FOR_VISIT', 'fieldVisit.waitingForVisit'),
  });
}

async function ping(deps: SyncDeps): Promise<boolean> {
  try {
    const res = await deps.fetch('/api/public/settings', { method: 'GET', cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

async function unsentItems(): Promise<OutboxItem[]> {
  return db.outbox
    .where('status')
    .anyOf([...UNSENT_STATUSES])
    .sortBy('createdAt');
}

async function summary(offline: boolean): Promise<DrainResult> {
  const items = await unsentItems();
  const due = items.map((i) => i.nextAttemptAt).filter((t) => t > 0);
  return { offline, remaining: items.length, nextDueAt: due.length ? Math.min(...due) : null };
}

/**
 * One pass over the queue, oldest first, one item at a time. `ignoreBackoff` is for moments the
 * connection has just come back (or the person pressed send): waiting items are tried at once.
 */
export async function drainOutbox(
  deps: SyncDeps = browserDeps,
  opts: { ignoreBackoff?: boolean; onItemDone?: () => void } = {},
): Promise<DrainResult> {
  const first = await unsentItems();
  if (first.length === 0) return summary(false);
  if (!(await ping(deps))) return summary(true);
  const tried = new Set<string>();
  let offline = false;
  // Asked at most once a drain, and only when a decision is due (a citizen's phone never asks).
  let who: Promise<SignedIn> | undefined;
  const signedIn = () => (who ??= askWhoIsSignedIn(deps));
  const visits = () =>
    db.outbox
      .where('kind')
      .equals('fieldVisit')
      .filter((v) => v.status !== 'received')
      .toArray();
  for (;;) {
    const now = deps.now();
    const pendingVisits = await visits();
    const item = (await unsentItems()).find(
      (i) =>
        !tried.has(i.id) &&
        (opts.ignoreBackoff || i.nextAttemptAt <= now) &&
        visitBefore(i, pendingVisits) === undefined,
    );
    if (!item) break;
    tried.add(item.id);
    await db.outbox.update(item.id, { status: 'sending' });
    uploading = true;
    let outcome: Outcome;
    try {
      outcome =
        item.kind === 'officerAction'
          ? await sendOfficerAction(item, deps, signedIn)
          : item.kind === 'fieldVisit'
            ? await sendVisit(item, deps, signedIn)
            : await sendRequest(item, deps);
    } finally {
      uploading = false;
    }
    if (outcome === 'network') offline = true;
    opts.onItemDone?.();
  }
  // Decisions still behind their visit say so, and come due with it.
  const pendingVisits = await visits();
  for (const item of await unsentItems()) {
    const visit = visitBefore(item, pendingVisits);
    if (visit && item.status !== 'sending') await waitForVisit(item, visit, deps);
  }
  return summary(offline);
}
