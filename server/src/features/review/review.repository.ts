import type { Kysely, Transaction } from 'kysely';
import {
  allowedActions,
  canReadApplication,
  canReadDocuments,
  type ApplicationDetail,
  type ChecklistItem,
  type PipelineState,
  type StaffRole,
} from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { listAttachments } from '../../files/blob-store.js';
import { Problem } from '../../http/problem.js';

/** SQL of the review feature (docs/decisions/018-service-targets.md habit 1): reads take db or trx, writes a trx. */
type Db = Kysely<DB> | Transaction<DB>;

const APPLICATION_COLUMNS = [
  'id',
  'application_number',
  'kind',
  'mobile',
  'intake_status',
  'fields',
  'stage',
  'seen_chairman',
  'seen_uno',
  'seen_badc',
  'version',
  'checklist',
  'final_remarks',
  'recheck_requested',
  'recheck_message',
  'submitted_at',
] as const;

async function selectApplication(db: Db, id: string, lock: boolean) {
  let q = db.selectFrom('applications').select(APPLICATION_COLUMNS).where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof selectApplication>>>;

/** The application, its row locked until the transaction ends (officer actions are serialised per application). */
export function lockApplication(trx: Transaction<DB>, id: string) {
  return selectApplication(trx, id, true);
}

export async function findLicence(db: Db, applicationId: string) {
  return db
    .selectFrom('licences')
    .select([
      'id',
      'licence_number',
      'term_years',
      'is_testing',
      'issued_on',
      'valid_from',
      'valid_to',
      'status',
      'suspend_note',
    ])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
}
export type LicenceRow = NonNullable<Awaited<ReturnType<typeof findLicence>>>;

export function pipelineStateOf(app: ApplicationRow, licence: LicenceRow | undefined): PipelineState {
  return {
    stage: app.stage,
    seen: { chairman: app.seen_chairman, uno: app.seen_uno, badc: app.seen_badc },
    ...(licence ? { testingLicence: licence.is_testing } : {}),
  };
}

/**
 * Everything the detail screens show, and what this role may do now (spec 3 §2 detail screens).
 * Only for a role whose lists show the application (403 FORBIDDEN otherwise), and the documents
 * (files, national ID number) only for a role that reviews them (docs/decisions/017-permissions.md).
 */
export async function readDetail(db: Db, id: string, role: StaffRole): Promise<ApplicationDetail | null> {
  const app = await selectApplication(db, id, false);
  if (!app) return null;
  const state = pipelineStateOf(app, undefined);
  if (!canReadApplication(role, state)) throw new Problem('FORBIDDEN');
  const documents = canReadDocuments(role, state);
  const [licence, files, audit] = await Promise.all([
    findLicence(db, id),
    documents ? listAttachments(db, id) : [],
    db
      .selectFrom('audit_log')
      .select(['at', 'actor_label', 'action', 'from_stage', 'to_stage', 'note'])
      .where('application_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    id: app.id,
    applicationNumber: Number(app.application_number),
    kind: app.kind,
    stage: app.stage,
    seen: { chairman: app.seen_chairman, uno: app.seen_uno, badc: app.seen_badc },
    version: app.version,
    submittedAt: app.submitted_at ? new Date(app.submitted_at).toISOString() : null,
    intakeStatus: app.intake_status,
    // The national ID number goes with the documents it comes from.
    fields: documents ? app.fields : Object.fromEntries(Object.entries(app.fields).filter(([name]) => name !== 'nid')),
    files: files.map((f) => ({ ...f, url: `/api/files/${f.id}` })),
    checklist: (app.checklist as ChecklistItem[] | null) ?? null,
    finalRemarks: app.final_remarks,
    recheck: { requested: app.recheck_requested, message: app.recheck_message },
    licence: licence
      ? {
          licenceNumber: Number(licence.licence_number),
          termYears: licence.term_years,
          isTesting: licence.is_testing,
          issuedOn: licence.issued_on,
          validFrom: licence.valid_from,
          validTo: licence.valid_to,
          status: licence.status,
          suspendNote: licence.suspend_note,
        }
      : null,
    audit: audit.map((a) => ({
      at: new Date(a.at).toISOString(),
      actor: a.actor_label,
      action: a.action,
      fromStage: a.from_stage,
      toStage: a.to_stage,
      note: a.note,
    })),
    // Applications still receiving files are not in any queue yet, and nobody may act on them.
    allowedActions: app.intake_status === 'complete' ? allowedActions(pipelineStateOf(app, licence), role) : [],
  };
}

export interface ApplicationPatch {
  stage: PipelineState['stage'];
  seen: PipelineState['seen'];
  fields?: Record<string, unknown>;
  checklist?: { ok: boolean; reason?: string }[];
  finalRemarks?: string | null;
  recheck?: { requested: boolean; message: string | null };
}

/** Writes the next state and bumps the version the next officer's request must carry. */
export async function saveApplication(
  trx: Transaction<DB>,
  app: ApplicationRow,
  patch: ApplicationPatch,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('applications')
    .set({
      stage: patch.stage,
      seen_chairman: patch.seen.chairman,
      seen_uno: patch.seen.uno,
      seen_badc: patch.seen.badc,
      ...(patch.fields ? { fields: JSON.stringify(patch.fields) } : {}),
      ...(patch.checklist ? { checklist: JSON.stringify(patch.checklist) } : {}),
      ...(patch.finalRemarks !== undefined ? { final_remarks: patch.finalRemarks } : {}),
      ...(patch.recheck ? { recheck_requested: patch.recheck.requested, recheck_message: patch.recheck.message } : {}),
      version: app.version + 1,
      updated_at: now,
    })
    .where('id', '=', app.id)
    .execute();
}

/** Unseen applications of a level, locked, oldest first (Forward All, spec 3 §2). */
export async function lockUnseen(
  trx: Transaction<DB>,
  stage: 'StepOne' | 'StepTwo',
  seenColumn: 'seen_chairman' | 'seen_uno',
) {
  return trx
    .selectFrom('applications')
    .select(APPLICATION_COLUMNS)
    .where('intake_status', '=', 'complete')
    .where('stage', '=', stage)
    .where(seenColumn, '=', false)
    .orderBy('submitted_at')
    .forUpdate()
    .execute();
}

/** Issues the licence; its number comes from the database sequence (spec README defect 2). */
export async function insertLicence(
  trx: Transaction<DB>,
  v: {
    id: string;
    applicationId: string;
    termYears: number;
    isTesting: boolean;
    issuedOn: string;
    validFrom: string;
    validTo: string;
    createdBy: number;
    now: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('licences')
    .values({
      id: v.id,
      application_id: v.applicationId,
      term_years: v.termYears,
      is_testing: v.isTesting,
      issued_on: v.issuedOn,
      valid_from: v.validFrom,
      valid_to: v.validTo,
      created_by: v.createdBy,
      created_at: v.now,
    })
    .returning('licence_number')
    .executeTakeFirstOrThrow();
  return Number(row.licence_number);
}

/** Keeps the period a licence had before it changes, for the certificate's validity table. */
export async function recordPeriod(trx: Transaction<DB>, licence: LicenceRow, now: Date): Promise<void> {
  await trx
    .insertInto('licence_periods')
    .values({ licence_id: licence.id, valid_from: licence.valid_from, valid_to: licence.valid_to, created_at: now })
    .execute();
}

export async function updateLicence(
  trx: Transaction<DB>,
  licenceId: string,
  set: Partial<{
    term_years: number;
    is_testing: boolean;
    issued_on: string;
    valid_from: string;
    valid_to: string;
    status: 'active' | 'suspended';
    suspend_note: string | null;
  }>,
): Promise<void> {
  await trx.updateTable('licences').set(set).where('id', '=', licenceId).execute();
}
