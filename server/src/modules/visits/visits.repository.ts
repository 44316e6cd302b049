import type { Kysely, Transaction } from 'kysely';
import type { AccessState, StoredKind } from '@portal/shared';
import type { DB, Stage } from '../../platform/db/schema.js';
import { isLive } from '../applications/applications.repository.js';

/**
 * SQL of the field visits (docs/decisions/030-field-visits.md; habit 1 of decision 018): the one
 * owner of field_visits and field_visit_photos. Reads take db or trx, writes a trx.
 */
type Db = Kysely<DB> | Transaction<DB>;

/** What the record rule and the audit row need of the visited application. */
export interface VisitedApplication extends AccessState {
  id: string;
  stage: Stage;
  intakeStatus: 'receiving' | 'complete';
}

export async function findApplication(db: Db, id: string): Promise<VisitedApplication | null> {
  const row = await db
    .selectFrom('applications')
    .select(['id', 'kind', 'stage', 'seen_chairman', 'seen_uno', 'seen_badc', 'intake_status'])
    .where('id', '=', id)
    // A deleted application takes no visit (decision 037).
    .where(isLive())
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind as StoredKind,
    stage: row.stage,
    seen: { chairman: row.seen_chairman, uno: row.seen_uno, badc: row.seen_badc },
    intakeStatus: row.intake_status,
  };
}

const VISIT_COLUMNS = [
  'v.id',
  'v.application_id',
  'v.officer_id',
  's.email as officer_email',
  'v.visited_at',
  'v.latitude',
  'v.longitude',
  'v.accuracy_m',
  'v.checklist',
  'v.notes',
  'v.decision',
  'v.photo_count',
  'v.content_hash',
  'v.status',
  'v.created_at',
  'v.completed_at',
] as const;

function selectVisits(db: Db) {
  return db.selectFrom('field_visits as v').innerJoin('staff_users as s', 's.id', 'v.officer_id').select(VISIT_COLUMNS);
}
export type VisitRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectVisits>['executeTakeFirst']>>>;

/** One visit; with `forUpdate` its row stays locked until the transaction ends (uploads serialised per visit). */
export async function findVisit(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<VisitRow | null> {
  let q = selectVisits(db).where('v.id', '=', id);
  if (opts.forUpdate) q = q.forUpdate(['v']);
  return (await q.executeTakeFirst()) ?? null;
}

export async function listVisits(db: Db, applicationId: string): Promise<VisitRow[]> {
  return selectVisits(db)
    .where('v.application_id', '=', applicationId)
    .orderBy('v.visited_at')
    .orderBy('v.created_at')
    .execute();
}

export interface PhotoRow {
  visit_id: string;
  photo_index: number;
  sha256: string;
  mime: string;
  size: number;
  taken_at: Date;
  latitude: number | null;
  longitude: number | null;
  blob_id: string | null;
}

/** The photos of these visits, each visit's in index order. */
export async function photosOf(db: Db, visitIds: string[]): Promise<PhotoRow[]> {
  if (visitIds.length === 0) return [];
  return db
    .selectFrom('field_visit_photos')
    .select(['visit_id', 'photo_index', 'sha256', 'mime', 'size', 'taken_at', 'latitude', 'longitude', 'blob_id'])
    .where('visit_id', 'in', visitIds)
    .orderBy('visit_id')
    .orderBy('photo_index')
    .execute();
}

export interface NewVisit {
  id: string;
  applicationId: string;
  officerId: number;
  visitedAt: Date;
  position: { latitude: number; longitude: number; accuracyM: number } | null;
  checklist: { ok: boolean; reason?: string }[] | null;
  notes: string | null;
  decision: string;
  contentHash: string;
  photos: {
    index: number;
    sha256: string;
    mime: string;
    size: number;
    takenAt: Date;
    latitude: number | null;
    longitude: number | null;
  }[];
  now: Date;
}

/**
 * The visit and its photo manifest in one go. False when a row with this id is already there (a
 * concurrent repeat won the race): the caller answers as its repeat.
 */
export async function insertVisit(trx: Transaction<DB>, v: NewVisit): Promise<boolean> {
  const inserted = await trx
    .insertInto('field_visits')
    .values({
      id: v.id,
      application_id: v.applicationId,
      officer_id: v.officerId,
      visited_at: v.visitedAt,
      latitude: v.position?.latitude ?? null,
      longitude: v.position?.longitude ?? null,
      accuracy_m: v.position?.accuracyM ?? null,
      checklist: v.checklist ? JSON.stringify(v.checklist) : null,
      notes: v.notes,
      decision: v.decision,
      photo_count: v.photos.length,
      content_hash: v.contentHash,
      created_at: v.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (v.photos.length > 0) {
    await trx
      .insertInto('field_visit_photos')
      .values(
        v.photos.map((p) => ({
          visit_id: v.id,
          photo_index: p.index,
          sha256: p.sha256,
          mime: p.mime,
          size: p.size,
          taken_at: p.takenAt,
          latitude: p.latitude,
          longitude: p.longitude,
        })),
      )
      .execute();
  }
  return true;
}

/** Ties an arrived photo to its stored blob; the type is the sniffed one (decision 016). */
export async function markPhotoReceived(
  trx: Transaction<DB>,
  p: { visitId: string; index: number; blobId: string; mime: string; at: Date },
): Promise<void> {
  await trx
    .updateTable('field_visit_photos')
    .set({ blob_id: p.blobId, mime: p.mime, received_at: p.at })
    .where('visit_id', '=', p.visitId)
    .where('photo_index', '=', p.index)
    .execute();
}

export async function markVisitComplete(trx: Transaction<DB>, id: string, at: Date): Promise<void> {
  await trx.updateTable('field_visits').set({ status: 'complete', completed_at: at }).where('id', '=', id).execute();
}

/** The bytes of one arrived photo, or null while it is on the way. */
export async function readPhotoBytes(
  db: Db,
  visitId: string,
  index: number,
): Promise<{ bytes: Uint8Array; mime: string } | null> {
  const row = await db
    .selectFrom('field_visit_photos as p')
    .innerJoin('blobs as b', 'b.id', 'p.blob_id')
    .select(['b.bytes', 'b.mime'])
    .where('p.visit_id', '=', visitId)
    .where('p.photo_index', '=', index)
    .executeTakeFirst();
  return row ?? null;
}
