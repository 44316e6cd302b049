import crypto from 'node:crypto';
import {
  canReadApplication,
  translate,
  VISIT_CLOCK_SKEW_MS,
  VISIT_MAX_AGE_DAYS,
  visitPhotoTooLarge,
  type FieldVisit,
  type MessageKey,
  type ParsedVisitRequest,
  type StaffRole,
  type VisitPhotoResponse,
  type VisitPosition,
  type VisitResponse,
} from '@portal/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { AppDeps, StaffPrincipal } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { insertBlob } from '../../platform/files/blob-store.js';
import { checkUpload } from '../../platform/files/check-upload.js';
import {
  acceptDeclaration,
  checkStillWelcome,
  declaredBytes,
  fingerprint,
  storeDeclaredFile,
  type Answer,
} from '../../platform/files/upload-protocol.js';
import { auditVisit } from './visit-audit.js';
import { recordVisitPosition } from './visit-position.js';
import {
  findApplication,
  findVisit,
  insertVisit,
  listVisits,
  markPhotoReceived,
  markVisitComplete,
  photosOf,
  readPhotoBytes,
  type PhotoRow,
  type VisitedApplication,
  type VisitRow,
} from './visits.repository.js';

/**
 * The inspector's field visit (docs/decisions/030-field-visits.md) on the upload protocol of
 * decision 018 (../files/upload-protocol.ts), for an officer's item. POST the visit with a manifest
 * of its photos, then PUT each photo; a repeat with the same id and content gets the same answer,
 * other content a 409. The visit is complete when its last photo arrives: then one audit row on the
 * application and, for a precise fix, the well's position. The decision the visit led to is not
 * taken here: the phone queues it as its own item for the review actions (POST …/actions), so
 * there is one pipeline.
 */

/** A signed-in officer with a role (behind a permission guard). */
export type Officer = StaffPrincipal & { role: StaffRole };

const DAY_MS = 24 * 60 * 60 * 1000;
const fieldMessage = (key: MessageKey, params?: Record<string, string | number>) => translate('bn', key, params);
const photoUrl = (visitId: string, index: number) => `/api/staff/visits/${visitId}/photos/${index}`;

/** The application, readable by this officer (decision 017's record rule), else 404 / 403. */
async function readableApplication(deps: AppDeps, officer: Officer, id: string): Promise<VisitedApplication> {
  const app = await findApplication(deps.db, id);
  if (!app) throw new Problem('NOT_FOUND');
  if (!canReadApplication(officer.role, app)) throw new Problem('FORBIDDEN');
  return app;
}

function toVisit(row: VisitRow, photos: PhotoRow[]): FieldVisit {
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: row.id,
    applicationId: row.application_id,
    officerId: row.officer_id,
    officerEmail: row.officer_email,
    visitedAt: iso(row.visited_at)!,
    position:
      row.latitude !== null && row.longitude !== null && row.accuracy_m !== null
        ? { latitude: row.latitude, longitude: row.longitude, accuracyM: row.accuracy_m }
        : null,
    checklist: row.checklist?.map((c) => ({ ok: c.ok, reason: c.reason })) ?? null,
    notes: row.notes,
    decision: row.decision as FieldVisit['decision'],
    status: row.status,
    createdAt: iso(row.created_at)!,
    completedAt: iso(row.completed_at),
    photos: photos.map((p) => ({
      index: p.photo_index,
      sha256: p.sha256,
      size: p.size,
      mime: p.mime,
      takenAt: iso(p.taken_at)!,
      latitude: p.latitude,
      longitude: p.longitude,
      url: p.blob_id ? photoUrl(row.id, p.photo_index) : null,
    })),
  };
}

const missingOf = (photos: PhotoRow[]) => photos.filter((p) => !p.blob_id).map((p) => p.photo_index);

async function answerOf(db: AppDeps['db'] | Transaction<DB>, id: string): Promise<VisitResponse | null> {
  const row = await findVisit(db, id);
  if (!row) return null;
  const photos = await photosOf(db, [id]);
  return { ...toVisit(row, photos), missingPhotos: missingOf(photos) };
}

/**
 * The phone's clock is trusted within reason: a time ahead of the server's by more than a few
 * minutes is a wrong clock, and one older than the 30 days an item may wait (decision 018) is too.
 */
function checkPhoneTime(at: string, field: string, now: Date, fields: Record<string, string>): void {
  const t = Date.parse(at);
  if (t > now.getTime() + VISIT_CLOCK_SKEW_MS) fields[field] = fieldMessage('visits.v.future');
  else if (t < now.getTime() - VISIT_MAX_AGE_DAYS * DAY_MS)
    fields[field] = fieldMessage('visits.v.tooOld', { days: VISIT_MAX_AGE_DAYS });
}

function checkManifest(input: ParsedVisitRequest, now: Date): void {
  const tooLarge = input.photos.flatMap((p, i) => (visitPhotoTooLarge(p) ? [[i, p.size] as const] : []));
  if (tooLarge.length) {
    throw new Problem('FILE_TOO_LARGE', {
      fields: Object.fromEntries(
        tooLarge.map(([i, size]) => [`photos.${i}.size`, fieldMessage('v.fileTooLarge', { size })]),
      ),
    });
  }
  const fields: Record<string, string> = {};
  checkPhoneTime(input.visitedAt, 'visitedAt', now, fields);
  input.photos.forEach((p, i) => checkPhoneTime(p.takenAt, `photos.${i}.takenAt`, now, fields));
  if (Object.keys(fields).length) throw new Problem('VALIDATION', { fields });
}

/** The visit's fingerprint: the same outbox item sent twice hashes the same (decision 018). */
function visitHash(applicationId: string, input: ParsedVisitRequest): string {
  const photos = [...input.photos].sort((a, b) => a.index - b.index);
  return fingerprint({ kind: 'fieldVisit', applicationId, ...input, photos });
}

/** POST /api/staff/applications/{id}/visits. */
export async function recordVisit(
  deps: AppDeps,
  officer: Officer,
  applicationId: string,
  input: ParsedVisitRequest,
): Promise<Answer<VisitResponse>> {
  // A visit queued under another officer's session is refused before anything (decision 012).
  if (input.officerId !== officer.id) throw new Problem('OFFICER_MISMATCH');
  const app = await readableApplication(deps, officer, applicationId);
  const hash = visitHash(applicationId, input);
  return acceptDeclaration(deps, {
    hash,
    find: () => findVisit(deps.db, input.clientVisitId),
    hashOf: (existing) => existing.content_hash,
    answer: async (existing) => (await answerOf(deps.db, existing.id))!,
    // A repeat was answered before the clock checks: the phone sent it while they held.
    checkNew: async () => {
      const now = deps.now();
      checkManifest(input, now);
      // An application still receiving its own files is on nobody's list yet (decision 023).
      if (app.intakeStatus !== 'complete') throw new Problem('ACTION_NOT_ALLOWED');
      return now;
    },
    insert: async (trx, now) => {
      const inserted = await insertVisit(trx, {
        id: input.clientVisitId,
        applicationId,
        officerId: officer.id,
        visitedAt: new Date(input.visitedAt),
        position: input.position,
        checklist: input.checklist?.map((c) => (c.ok ? { ok: true } : { ok: false, reason: c.reason! })) ?? null,
        notes: input.notes ?? null,
        decision: input.decision,
        contentHash: hash,
        photos: input.photos.map((p) => ({
          index: p.index,
          sha256: p.sha256,
          mime: p.mime,
          size: p.size,
          takenAt: new Date(p.takenAt),
          latitude: p.latitude ?? null,
          longitude: p.longitude ?? null,
        })),
        now,
      });
      if (!inserted) return null;
      // A visit without photos is complete as it arrives.
      if (input.photos.length === 0) await complete(trx, input.clientVisitId, officer, now);
      return answerOf(trx, input.clientVisitId);
    },
  });
}

/** Marks the visit complete, sets the well's position from a precise fix, and writes the audit row. */
async function complete(trx: Transaction<DB>, visitId: string, officer: { id: number; email: string }, now: Date) {
  const visit = (await findVisit(trx, visitId))!;
  const app = (await findApplication(trx, visit.application_id))!;
  const position: VisitPosition | null =
    visit.latitude !== null && visit.longitude !== null && visit.accuracy_m !== null
      ? { latitude: visit.latitude, longitude: visit.longitude, accuracyM: visit.accuracy_m }
      : null;
  await markVisitComplete(trx, visitId, now);
  const positionRecorded = await recordVisitPosition(trx, { applicationId: app.id, position, at: now });
  await auditVisit(trx, {
    app,
    visitId,
    officer,
    visitedAt: new Date(visit.visited_at),
    position,
    photos: visit.photo_count,
    decision: visit.decision,
    positionRecorded,
    at: now,
  });
}

/**
 * Checks made before a photo's body is read, so a refused upload does not cost the phone its
 * bytes: the visit exists, is this officer's, on an application the officer may read, and
 * declared this photo. Answers the manifest's entry.
 */
export async function preparePhoto(
  deps: AppDeps,
  officer: Officer,
  input: { visitId: string; index: number; claimedSha256: string | null },
): Promise<PhotoRow> {
  const visit = await findVisit(deps.db, input.visitId);
  if (!visit) throw new Problem('NOT_FOUND');
  if (visit.officer_id !== officer.id) throw new Problem('OFFICER_MISMATCH');
  await readableApplication(deps, officer, visit.application_id);
  const entry = (await photosOf(deps.db, [visit.id])).find((p) => p.photo_index === input.index);
  if (!entry) throw new Problem('VALIDATION', { fields: { index: fieldMessage('visits.v.photoNotDeclared') } });
  await checkStillWelcome(visit.status, async () => (entry.blob_id ? entry : undefined), input.claimedSha256);
  return entry;
}

/** PUT /api/staff/visits/{visitId}/photos/{index}, once the body is in. */
export async function receivePhoto(
  deps: AppDeps,
  officer: Officer,
  input: { visitId: string; entry: PhotoRow; bytes: Uint8Array; claimedSha256: string | null },
): Promise<Answer<VisitPhotoResponse>> {
  // The bytes must be the ones declared: 422, so the phone shows the failure instead of resending
  // the same bytes for ever (a 409 on a file means "finished meanwhile" to its outbox).
  const sha256 = declaredBytes(
    input.bytes,
    input.entry.sha256,
    input.claimedSha256,
    () => new Problem('FILE_HASH_MISMATCH'),
  );
  // Sniffed and decoded to the last pixel before the transaction (decision 016); never changed,
  // so the phone's SHA-256 and the photo's own time and GPS stay as they were taken.
  const checked = await checkUpload(input.bytes, { imageOnly: true });
  const now = deps.now();

  const stored = await storeDeclaredFile(deps, {
    sha256,
    mime: checked.mime,
    lock: async (trx) => {
      const visit = await findVisit(trx, input.visitId, { forUpdate: true });
      if (!visit) return null;
      const photos = await photosOf(trx, [visit.id]);
      const photo = photos.find((p) => p.photo_index === input.entry.photo_index)!;
      return {
        status: visit.status,
        held: photo.blob_id ? photo : undefined,
        missing: () => missingOf(photos),
        save: async () => {
          const blobId = crypto.randomUUID();
          await insertBlob(trx, { id: blobId, file: checked, sha256 });
          await markPhotoReceived(trx, {
            visitId: visit.id,
            index: photo.photo_index,
            blobId,
            mime: checked.mime,
            at: now,
          });
          photo.blob_id = blobId;
        },
        complete: () => complete(trx, visit.id, officer, now),
      };
    },
  });
  return {
    status: stored.status,
    body: {
      index: input.entry.photo_index,
      sha256,
      size: input.bytes.byteLength,
      mime: stored.mime,
      status: stored.state,
      missingPhotos: stored.missing,
    },
  };
}

/** GET /api/staff/applications/{id}/visits: every visit of the application, oldest first. */
export async function visitsOf(deps: AppDeps, officer: Officer, applicationId: string): Promise<FieldVisit[]> {
  await readableApplication(deps, officer, applicationId);
  const rows = await listVisits(deps.db, applicationId);
  const photos = await photosOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toVisit(
      r,
      photos.filter((p) => p.visit_id === r.id),
    ),
  );
}

/** One arrived photo's bytes, under the same record rule as its visit. */
export async function photoOf(
  deps: AppDeps,
  officer: Officer,
  visitId: string,
  index: number,
): Promise<{ bytes: Uint8Array; mime: string }> {
  const visit = await findVisit(deps.db, visitId);
  if (!visit) throw new Problem('NOT_FOUND');
  await readableApplication(deps, officer, visit.application_id);
  const photo = await readPhotoBytes(deps.db, visitId, index);
  if (!photo) throw new Problem('NOT_FOUND');
  return photo;
}
