import type { Kysely, Transaction } from 'kysely';
import type { EditHistoryEntry, FileSlot } from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import { saveAttachment } from '../../platform/files/blob-store.js';
import type { CheckedUpload } from '../../platform/files/check-upload.js';
import { writeEditedFields } from '../applications/application-fields.js';
import type { SearchColumnValues } from '../applications/application-insert.js';
import { isLive } from '../applications/applications.repository.js';
import { writeAudit, type AuditEntry } from '../audit/audit.repository.js';
import { readableChanges } from '../audit/changes.js';
import { fieldLabel, slotLabel } from '../citizen/amendment.service.js';
import type { WellPositionColumns } from '../map/well-position.js';

/**
 * SQL of the office's edit view (docs/decisions/038-edit-view-and-override.md). Each write here
 * makes its change and its audit row together, in the caller's transaction, so no route can make
 * the one without the other.
 */
type Db = Kysely<DB> | Transaction<DB>;

const COLUMNS = [
  'id',
  'application_number',
  'kind',
  'licence_id',
  'applicant_name',
  'intake_status',
  'fields',
  'stage',
  'seen_chairman',
  'seen_uno',
  'seen_badc',
  'version',
  'position_source',
] as const;

/**
 * The application unless it is deleted (applications.deleted_at, decision 037): a deleted one is
 * not in the register, so the edit view answers 404 for it as for an unknown id. `lock` holds the
 * row until the transaction ends (one writer at a time, like the officers' actions).
 */
export async function findLiveApplication(db: Db, id: string, opts: { lock?: boolean } = {}) {
  let q = db.selectFrom('applications').select(COLUMNS).where('id', '=', id).where(isLive());
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type EditRow = NonNullable<Awaited<ReturnType<typeof findLiveApplication>>>;

type Actor = AuditEntry['actor'];

/**
 * The edited fields with the search copy columns the intake writes from them, the well's position
 * when it changed, and a new version (an officer's screen opened before is then stale); one audit
 * row names every changed field with its value before and after.
 */
export async function saveEditedFields(
  trx: Transaction<DB>,
  app: EditRow,
  edit: {
    fields: Record<string, unknown>;
    changed: string[];
    columns: SearchColumnValues;
    position: Partial<WellPositionColumns>;
    actor: Actor;
    at: Date;
  },
): Promise<void> {
  await writeEditedFields(trx, app, {
    fields: edit.fields,
    columns: edit.columns,
    position: edit.position,
    at: edit.at,
  });
  await writeAudit(trx, {
    applicationId: app.id,
    actor: edit.actor,
    action: 'editFields',
    fromStage: app.stage,
    toStage: app.stage,
    note: edit.changed.map(fieldLabel).join(', '),
    details: {
      changed: edit.changed,
      before: Object.fromEntries(edit.changed.map((n) => [n, app.fields[n] ?? null])),
      after: Object.fromEntries(edit.changed.map((n) => [n, edit.fields[n] ?? null])),
    },
    at: edit.at,
  });
}

/** The file a slot holds now: its row id, blob, SHA-256 and name (what a replacement's audit keeps). */
async function heldFile(db: Db, applicationId: string, slot: string) {
  return db
    .selectFrom('application_files as f')
    .innerJoin('blobs as b', 'b.id', 'f.blob_id')
    .select(['f.id', 'f.blob_id', 'f.original_name', 'b.sha256'])
    .where('f.application_id', '=', applicationId)
    .where('f.slot', '=', slot)
    .executeTakeFirst();
}

/**
 * One document replaced by the office. The old bytes stay in the database (keepReplaced), named
 * by the audit row beside the new file's id, so a replacement never hides what it replaced.
 */
export async function replaceDocumentFile(
  trx: Transaction<DB>,
  app: EditRow,
  input: { slot: FileSlot; file: CheckedUpload; originalName: string | null; actor: Actor; at: Date },
): Promise<void> {
  const old = await heldFile(trx, app.id, input.slot);
  const file = await saveAttachment(trx, {
    applicationId: app.id,
    slot: input.slot,
    file: input.file,
    originalName: input.originalName,
    uploadedBy: typeof input.actor === 'object' ? input.actor.userId : null,
    at: input.at,
    keepReplaced: true,
  });
  await writeAudit(trx, {
    applicationId: app.id,
    actor: input.actor,
    action: 'replaceFile',
    fromStage: app.stage,
    toStage: app.stage,
    note: slotLabel(input.slot),
    details: {
      slot: input.slot,
      oldFileId: old?.id ?? null,
      oldBlobId: old?.blob_id ?? null,
      oldSha256: old?.sha256 ?? null,
      oldName: old?.original_name ?? null,
      newFileId: file.id,
      newSha256: file.sha256,
      newName: file.originalName,
    },
    at: input.at,
  });
}

/**
 * The application's whole history, oldest first, with what each row changed, read the one way the
 * detail's history reads it (readableChanges, docs/decisions/041-audit-trail.md).
 */
export async function readHistory(db: Db, applicationId: string): Promise<EditHistoryEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['at', 'actor_label', 'action', 'from_stage', 'to_stage', 'note', 'details'])
    .where('application_id', '=', applicationId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    actor: r.actor_label,
    action: r.action,
    fromStage: r.from_stage,
    toStage: r.to_stage,
    note: r.note,
    changes: readableChanges(r.details as Record<string, unknown> | null),
  }));
}
