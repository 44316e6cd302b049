import type { ActionRequest, IntakeRequest, Kind, KindFields, KindSlot, VisitRequest } from '@portal/shared';
import { db, type OutboxFile, type OutboxItem, type QueuedBy } from './db';
import { sha256Hex } from './hash';
import { requestSync } from './signal';

/**
 * Queueing work on the phone (docs/decisions/018-service-targets.md "The protocol"). Every item gets its id on the
 * phone before anything is sent, and is written with its files in ONE IndexedDB transaction, so
 * a closed tab leaves either the whole item or nothing.
 */

export { sha256Hex };

/**
 * Writes a new item with its files, in one transaction, and never over an item already queued
 * under the same id, whatever its status (docs/decisions/012-offline-queue-truth.md): a form sent
 * twice under one id (a draft restored after the browser was killed) must not turn a received
 * application back into an unsent one. The item already there is returned instead. `draftFormId`:
 * the form's picked files go in the same transaction, so the draft and the queued item never
 * both exist.
 */
export async function queueItem(item: OutboxItem, files: OutboxFile[], draftFormId?: string): Promise<OutboxItem> {
  const queued = await db.transaction('rw', db.outbox, db.outboxFiles, db.draftFiles, async () => {
    const existing = await db.outbox.get(item.id);
    if (existing) return existing;
    await db.outbox.add(item);
    // Leftover blobs under this id (an item deleted half-way by an old version) must not block the write.
    await db.outboxFiles.where('itemId').equals(item.id).delete();
    await db.outboxFiles.bulkAdd(files);
    if (draftFormId) await db.draftFiles.where('formId').equals(draftFormId).delete();
    // The refused application this one corrects leaves the queue in the same transaction.
    const corrected = await db.outbox.filter((old) => old.replacedBy === item.id).primaryKeys();
    await db.outbox.bulkDelete(corrected);
    for (const id of corrected) await db.outboxFiles.where('itemId').equals(id).delete();
    return item;
  });
  requestSync();
  return queued;
}

export interface EnqueueInput<K extends Kind> {
  /** The id made on the phone (offline/ids.ts) before anything is sent; the server keeps it. */
  clientId: string;
  /** The draft this request was typed in: its picked files are dropped with the enqueue. */
  draftFormId?: string;
  /** The form after validation with KIND_FIELDS[kind] (shared/src/kinds/). */
  fields: KindFields<K>;
  files: { slot: KindSlot<K>; file: Blob & { name?: string } }[];
  /** What the queue screen shows the item as; by default the applicant's (or complainant's) name. */
  label?: string;
}

/** The name the person recognises a queued request by, from its fields. */
function labelOf(fields: Record<string, unknown>): string {
  for (const key of ['newApplicantName', 'applicantName', 'instituteName', 'groupName', 'name', 'licenceNumber']) {
    const v = fields[key];
    if (typeof v === 'string' && v) return v;
  }
  return '';
}

/**
 * Queues any citizen request (decision 023: one intake for every kind): the item and its files in
 * one IndexedDB transaction, never over an item already queued under the same id; the sync engine
 * posts it to /api/intake/{slug} when it can.
 */
export async function enqueue<K extends Kind>(
  kind: K,
  { clientId, draftFormId, fields, files, label }: EnqueueInput<K>,
): Promise<OutboxItem> {
  // Hash before the transaction: an IndexedDB transaction closes if it waits on other promises.
  const rows: OutboxFile[] = await Promise.all(
    files.map(async ({ slot, file }) => ({
      itemId: clientId,
      slot,
      blob: file,
      name: file.name ?? slot,
      mime: file.type || 'application/octet-stream',
      size: file.size,
      sha256: await sha256Hex(file),
      uploaded: false,
    })),
  );
  const payload: IntakeRequest<K> = {
    clientId,
    fields: fields as unknown as IntakeRequest<K>['fields'],
    files: rows.map((r) => ({
      slot: r.slot,
      size: r.size,
      sha256: r.sha256,
      mime: r.mime,
      name: r.name.slice(0, 255),
    })),
  };
  const item: OutboxItem = {
    id: clientId,
    kind,
    createdAt: Date.now(),
    status: 'saved',
    attempts: 0,
    nextAttemptAt: 0,
    payload,
    label: label ?? labelOf(fields as Record<string, unknown>),
    filesTotal: rows.length,
    filesUploaded: 0,
  };
  return queueItem(item, rows, draftFormId);
}

/**
 * An officer's decision taken without a connection (spec 3; docs/decisions/018-service-targets.md: it carries the
 * version it was made on, and the officer who made it: the request names them and the engine sends
 * it only under their session; docs/decisions/012-offline-queue-truth.md).
 */
export async function enqueueOfficerAction({
  applicationId,
  request,
  label,
  officer,
}: {
  applicationId: string;
  request: ActionRequest;
  label: string;
  officer: QueuedBy;
}): Promise<OutboxItem> {
  const item: OutboxItem = {
    id: request.clientActionId,
    kind: 'officerAction',
    createdAt: Date.now(),
    status: 'saved',
    attempts: 0,
    nextAttemptAt: 0,
    payload: { ...request, officerId: officer.id } satisfies ActionRequest,
    label,
    applicationId,
    officer: { id: officer.id, email: officer.email },
    filesTotal: 0,
    filesUploaded: 0,
  };
  return queueItem(item, []);
}

/** One photo of a visit as it is queued: already resized on the phone (features/field-visit/resize.ts). */
export interface VisitPhotoInput {
  blob: Blob;
  /** When the photo was taken (ISO 8601 with offset, the phone's clock). */
  takenAt: string;
  latitude?: number;
  longitude?: number;
}

/**
 * An inspector's field visit (docs/decisions/032-visit-on-the-phone.md): the visit and its photos
 * in one IndexedDB transaction, under the officer who made it, like a decision (decision 012). The
 * engine posts it to /api/staff/applications/{id}/visits, then puts each photo. A decision on the
 * same application queued after it is sent only once the visit is on the server (engine.ts).
 */
export async function enqueueVisit({
  applicationId,
  label,
  officer,
  visit,
  photos,
  draftFormId,
}: {
  applicationId: string;
  label: string;
  officer: QueuedBy;
  visit: Omit<VisitRequest, 'officerId' | 'photos'>;
  photos: VisitPhotoInput[];
  /** The visit draft whose photos are dropped in the same transaction. */
  draftFormId?: string;
}): Promise<OutboxItem> {
  const rows: OutboxFile[] = await Promise.all(
    photos.map(async (p, index) => ({
      itemId: visit.clientVisitId,
      slot: String(index),
      blob: p.blob,
      name: `visit-photo-${index + 1}.jpg`,
      mime: p.blob.type || 'image/jpeg',
      size: p.blob.size,
      sha256: await sha256Hex(p.blob),
      uploaded: false,
    })),
  );
  const payload: VisitRequest = {
    ...visit,
    officerId: officer.id,
    photos: rows.map((r, index) => ({
      index,
      sha256: r.sha256,
      size: r.size,
      mime: r.mime as VisitRequest['photos'][number]['mime'],
      takenAt: photos[index]!.takenAt,
      ...(photos[index]!.latitude !== undefined && photos[index]!.longitude !== undefined
        ? { latitude: photos[index]!.latitude, longitude: photos[index]!.longitude }
        : {}),
    })),
  };
  const item: OutboxItem = {
    id: visit.clientVisitId,
    kind: 'fieldVisit',
    createdAt: Date.now(),
    status: 'saved',
    attempts: 0,
    nextAttemptAt: 0,
    payload,
    label,
    applicationId,
    officer: { id: officer.id, email: officer.email },
    filesTotal: rows.length,
    filesUploaded: 0,
  };
  return queueItem(item, rows, draftFormId);
}

/** The person asks to try a failed item again: it goes back to the queue with a fresh backoff. */
export async function retryItem(id: string): Promise<void> {
  await db.outbox.update(id, (item) => {
    item.status = item.result ? 'files-pending' : 'saved';
    item.attempts = 0;
    item.nextAttemptAt = 0;
    delete item.serverErrors;
    delete item.lastError;
    delete item.current;
  });
  requestSync();
}

/** Removes a stuck item and its files together (the screen asks for confirmation first). */
export async function deleteItem(id: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    await db.outbox.delete(id);
    await db.outboxFiles.where('itemId').equals(id).delete();
  });
}

export interface BackupFile extends Omit<OutboxFile, 'blob'> {
  base64: string;
}
export interface Backup {
  format: 'portal-outbox-backup';
  version: 1;
  exportedAt: string;
  items: (OutboxItem & { files: BackupFile[] })[];
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Everything still on this phone, with the files as base64, so nothing is lost if the browser clears its storage. */
export async function buildBackup(): Promise<Backup> {
  const items = await db.outbox.orderBy('createdAt').toArray();
  const files = await db.outboxFiles.toArray();
  return {
    format: 'portal-outbox-backup',
    version: 1,
    exportedAt: new Date().toISOString(),
    items: await Promise.all(
      items.map(async (item) => ({
        ...item,
        files: await Promise.all(
          files
            .filter((f) => f.itemId === item.id)
            .map(async ({ blob, ...rest }) => ({ ...rest, base64: await toBase64(blob) })),
        ),
      })),
    ),
  };
}

/** Downloads the backup as a JSON file (enketo #1226: people asked for exactly this). */
export async function exportBackup(): Promise<void> {
  const backup = await buildBackup();
  const url = URL.createObjectURL(new Blob([JSON.stringify(backup, null, 1)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `portal-backup-${backup.exportedAt.slice(0, 19).replace(/[:T]/g, '-')}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export { useOutboxItems, useUnsentCount } from './hooks';
