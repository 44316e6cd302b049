import type { Kysely, Transaction } from 'kysely';
import {
  displayName,
  toLatinDigits,
  type FileManifestEntry,
  type NewApplicationFields,
  type SiteSettings,
} from '@portal/shared';
import type { DB, Stage } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Rows of a citizen's submission. The searchable copy columns (applicant_name, mobile, ...) are
 * written here, from the validated fields, so lists can search and sort in PostgreSQL.
 */
export interface NewApplicationRow {
  id: string;
  contentHash: string;
  fields: NewApplicationFields;
  manifest: FileManifestEntry[];
  settings: SiteSettings;
  now: Date;
}

/**
 * Inserts the application unless its id exists already (a repeat from the phone's outbox, or a
 * concurrent duplicate): ON CONFLICT DO NOTHING makes the race safe, and the number comes from the
 * sequence, so parallel submissions never share one (docs/decisions/018-service-targets.md). Null when the id existed.
 */
export async function insertApplication(
  trx: Transaction<DB>,
  row: NewApplicationRow,
): Promise<{ applicationNumber: number } | null> {
  const f = row.fields;
  const s = row.settings;
  const inserted = await trx
    .insertInto('applications')
    .values({
      id: row.id,
      kind: 'New',
      content_hash: row.contentHash,
      intake_status: 'receiving',
      fields: JSON.stringify(f),
      file_manifest: JSON.stringify(row.manifest),
      applicant_name: displayName(f),
      father_name: f.fatherName,
      mobile: f.mobile,
      upazila: f.upazila,
      village: f.village,
      union_name: f.union,
      mouza: f.mouza,
      jl_number: f.jlNumber,
      // Plot numbers are free text ("১২৩, ১২৪"); the search copy holds Latin digits like jl_number.
      dag_number: toLatinDigits(f.dagNumber),
      // Initial pipeline state comes from the Admin's settings (spec 1 §4).
      stage: s.destination,
      seen_chairman: s.autoForwardChairman === 'Seen',
      seen_uno: s.autoForwardUNO === 'Seen',
      seen_badc: s.autoForwardBADC === 'Seen',
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('application_number')
    .executeTakeFirst();
  return inserted ? { applicationNumber: inserted.application_number } : null;
}

export interface IntakeRow {
  id: string;
  applicationNumber: number;
  kind: string;
  contentHash: string;
  intakeStatus: 'receiving' | 'complete';
  manifest: FileManifestEntry[];
  mobile: string;
  createdAt: Date;
}

export async function findIntake(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<IntakeRow | null> {
  let q = db
    .selectFrom('applications')
    .select([
      'id',
      'application_number',
      'kind',
      'content_hash',
      'intake_status',
      'file_manifest',
      'mobile',
      'created_at',
    ])
    .where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    applicationNumber: r.application_number,
    kind: r.kind,
    contentHash: r.content_hash,
    intakeStatus: r.intake_status,
    manifest: r.file_manifest as FileManifestEntry[],
    mobile: r.mobile,
    createdAt: new Date(r.created_at),
  };
}

/** What each slot of an application holds now. */
export async function storedSlots(
  db: Db,
  applicationId: string,
): Promise<Map<string, { sha256: string; mime: string; size: number }>> {
  const rows = await db
    .selectFrom('application_files as f')
    .innerJoin('blobs as b', 'b.id', 'f.blob_id')
    .select(['f.slot', 'b.sha256', 'b.mime', 'b.size'])
    .where('f.application_id', '=', applicationId)
    .execute();
  return new Map(rows.map((r) => [r.slot, { sha256: r.sha256, mime: r.mime, size: r.size }]));
}

export async function markComplete(trx: Transaction<DB>, id: string, now: Date): Promise<void> {
  await trx
    .updateTable('applications')
    .set({ intake_status: 'complete', submitted_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export interface PrintRow {
  id: string;
  applicationNumber: number;
  kind: string;
  submittedAt: Date | null;
  intakeStatus: 'receiving' | 'complete';
  fields: Record<string, unknown>;
  createdAt: Date;
  /** Stage and seen flags: which staff roles may read it (docs/decisions/017-permissions.md). */
  stage: Stage;
  seen: { chairman: boolean; uno: boolean; badc: boolean };
}

export async function findForPrint(db: Db, id: string): Promise<PrintRow | null> {
  const r = await db
    .selectFrom('applications')
    .select([
      'id',
      'application_number',
      'kind',
      'submitted_at',
      'intake_status',
      'fields',
      'created_at',
      'stage',
      'seen_chairman',
      'seen_uno',
      'seen_badc',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    applicationNumber: r.application_number,
    kind: r.kind,
    submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
    intakeStatus: r.intake_status,
    fields: r.fields,
    createdAt: new Date(r.created_at),
    stage: r.stage,
    seen: { chairman: r.seen_chairman, uno: r.seen_uno, badc: r.seen_badc },
  };
}
