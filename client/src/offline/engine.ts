import type { IntakeFileResponse, IntakeResponse, VisitPhotoResponse, VisitResponse } from '@portal/shared';
import { KIND_SLUG, type Kind } from '@portal/shared/kinds/slots';
import { MAX_DELAY_MS } from './backoff';
import { db, UNSENT_STATUSES, type LegacyOutboxKind, type OfficerKind, type OutboxItem } from './db';
import { fail, later, localError, network, problemOf, readJson, refused, type Outcome, type SyncDeps } from './outcome';
import { postItem, sendWithFiles } from './upload';
import { translateIn } from '../i18n/locale';

export { SERVER_ERROR_LIMIT, type SyncDeps } from './outcome';

/**
 * The sync engine (docs/decisions/018-service-targets.md "The client"): one pass over the outbox, one item at a time.
 * The server is pinged instead of trusting navigator.onLine, and one bad item is recorded on
 * the item and never blocks the others. When and in which tab it runs is decided in sync.ts.
 */

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

let uploading = false;

/** True while a request of the outbox is on the wire. */
export function isUploading(): boolean {
  return uploading;
}

/** Items queued before decision 023 named their kind so; they are sent as these kinds, unchanged. */
const LEGACY_KINDS: Record<LegacyOutboxKind, Kind> = { application: 'New', complaint: 'Complaint', copy: 'Copy' };

/** The kind an item is sent as: every citizen item goes to the one intake, /api/intake/{slug}. */
export function intakeKindOf(kind: Exclude<OutboxItem['kind'], OfficerKind>): Kind {
  return kind in LEGACY_KINDS ? LEGACY_KINDS[kind as LegacyOutboxKind] : (kind as Kind);
}

/** A citizen's request: to the one intake, on the upload protocol (upload.ts). */
function sendRequest(item: OutboxItem, deps: SyncDeps): Promise<Outcome> {
  const base = `/api/intake/${KIND_SLUG[intakeKindOf(item.kind as Exclude<OutboxItem['kind'], OfficerKind>)]}`;
  return sendWithFiles<IntakeResponse, IntakeFileResponse>(item, deps, {
    url: base,
    resultOf: (accepted) => ({ applicationNumber: accepted.referenceNumber, id: accepted.id }),
    missing: (answer) => answer.missingSlots,
    fileUrl: (id, slot) => `${base}/${encodeURIComponent(id)}/files/${slot}`,
    fileHeaders: (file) => ({ 'x-file-name': encodeURIComponent(file.name) }),
    refused,
  });
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

/** An officer's request refused: 401/403 as the officer's (officerRefused), anything else as any item's. */
function refusedAsOfficer(item: OutboxItem, deps: SyncDeps, res: Response): Promise<Outcome> {
  return res.status === 403 || res.status === 401 ? officerRefused(item, deps, res) : refused(item, deps, res);
}

const staffPath = (item: OutboxItem, path: string) =>
  `/api/staff/applications/${encodeURIComponent(item.applicationId ?? '')}/${path}`;

async function sendOfficerAction(
  item: OutboxItem,
  deps: SyncDeps,
  signedIn: () => Promise<SignedIn>,
): Promise<Outcome> {
  const gate = await officerGate(item, deps, signedIn);
  if (gate) return gate;
  const res = await postItem(item, deps, staffPath(item, 'actions'), refusedAsOfficer);
  if (typeof res === 'string') return res;
  await db.outbox.update(item.id, { status: 'received', nextAttemptAt: 0, lastError: undefined });
  return 'done';
}

/**
 * An inspector's field visit (docs/decisions/030-field-visits.md, 032): the upload protocol of the
 * citizen items (upload.ts), under the officer gate of a decision.
 */
async function sendVisit(item: OutboxItem, deps: SyncDeps, signedIn: () => Promise<SignedIn>): Promise<Outcome> {
  const gate = await officerGate(item, deps, signedIn);
  if (gate) return gate;
  return sendWithFiles<VisitResponse, VisitPhotoResponse>(item, deps, {
    url: staffPath(item, 'visits'),
    resultOf: (accepted) => ({ applicationNumber: item.result?.applicationNumber ?? 0, id: accepted.id }),
    missing: (answer) => answer.missingPhotos,
    fileUrl: (id, index) => `/api/staff/visits/${encodeURIComponent(id)}/photos/${index}`,
    refused: refusedAsOfficer,
  });
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
