import type { Kysely, Transaction } from 'kysely';
import {
  allowedActions,
  canReadApplication,
  canReadDocuments,
  pipelineOf,
  type ApplicationDetail,
  type ChecklistItem,
  type LicenceStatus,
  type PipelineState,
  type StaffRole,
} from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import { listAttachments } from '../../platform/files/blob-store.js';
import { Problem } from '../../platform/http/problem.js';
import { readLicenceSummary, type LicenceSummary } from '../licences/licence.writer.js';
import { isLive } from '../applications/applications.repository.js';
import { readableChanges, readableFacts } from '../audit/changes.js';

/** SQL of the request engine (docs/decisions/018-service-targets.md habit 1): reads take db or trx, writes a trx. */
type Db = Kysely<DB> | Transaction<DB>;

const APPLICATION_COLUMNS = [
  'id',
  'application_number',
  'kind',
  'licence_id',
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
  // A deleted application is not found: no detail, no action (decision 037).
  let q = db.selectFrom('applications').select(APPLICATION_COLUMNS).where('id', '=', id).where(isLive());
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof selectApplication>>>;

/** The application, its row locked until the transaction ends (officer actions are serialised per application). */
export function lockApplication(trx: Transaction<DB>, id: string) {
  return selectApplication(trx, id, true);
}

/**
 * The licence a request concerns: the one it issued (New, Existing, an old record) or the one a
 * renewal or change names (applications.licence_id). Read through the licences module's summary,
 * the one place a licence's status is computed (docs/decisions/022-licence-aggregate.md).
 */
export async function licenceOf(
  db: Db,
  app: Pick<ApplicationRow, 'id' | 'kind' | 'licence_id'>,
  now: Date,
): Promise<LicenceSummary | undefined> {
  let licenceId = app.licence_id;
  if (pipelineOf(app.kind) === 'new') {
    const issued = await db.selectFrom('licences').select('id').where('application_id', '=', app.id).executeTakeFirst();
    licenceId = issued?.id ?? null;
  }
  return licenceId ? readLicenceSummary(db, licenceId, now) : undefined;
}

export function pipelineStateOf(
  app: Pick<ApplicationRow, 'kind' | 'stage' | 'seen_chairman' | 'seen_uno' | 'seen_badc'>,
  licenceStatus?: LicenceStatus,
): PipelineState {
  return {
    kind: app.kind,
    stage: app.stage,
    seen: { chairman: app.seen_chairman, uno: app.seen_uno, badc: app.seen_badc },
    ...(licenceStatus ? { licenceStatus } : {}),
  };
}

/** The licence field a change request changes, and the value it asks for (fields.newApplicantName / newDagNumber). */
export function requestedChange(app: Pick<ApplicationRow, 'kind' | 'fields'>) {
  if (app.kind !== 'NameChange' && app.kind !== 'PlotChange') return null;
  const field = app.kind === 'NameChange' ? ('holderName' as const) : ('dagNumber' as const);
  const to = app.fields[app.kind === 'NameChange' ? 'newApplicantName' : 'newDagNumber'];
  return { field, to: typeof to === 'string' ? to.trim() : '' };
}

/**
 * Everything the detail screens show, and what this role may do now (spec 3 §2 detail screens).
 * Only for a role whose lists show the application (403 FORBIDDEN otherwise), and the documents
 * (files, national ID number) only for a role that reviews them (docs/decisions/017-permissions.md).
 */
export async function readDetail(db: Db, id: string, role: StaffRole, now: Date): Promise<ApplicationDetail | null> {
  const app = await selectApplication(db, id, false);
  if (!app) return null;
  const state = pipelineStateOf(app);
  if (!canReadApplication(role, state)) throw new Problem('FORBIDDEN');
  const documents = canReadDocuments(role, state);
  const [licence, files, audit] = await Promise.all([
    licenceOf(db, app, now),
    documents ? listAttachments(db, id) : [],
    db
      .selectFrom('audit_log')
      .select(['at', 'actor_label', 'action', 'from_stage', 'to_stage', 'note', 'details'])
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
    ...answersOf(app),
    change: changeOf(app, licence, audit),
    finalRemarks: app.final_remarks,
    recheck: { requested: app.recheck_requested, message: app.recheck_message },
    licence: licence ?? null,
    audit: audit.map((a) => ({
      at: new Date(a.at).toISOString(),
      actor: a.actor_label,
      action: a.action,
      fromStage: a.from_stage,
      toStage: a.to_stage,
      note: a.note,
      // Before and after, readable, whichever feature wrote the row (decision 041).
      changes: readableChanges(a.details),
      facts: readableFacts(a.details),
    })),
    // Applications still receiving files are not in any queue yet, and nobody may act on them.
    allowedActions: app.intake_status === 'complete' ? allowedActions(pipelineStateOf(app, licence?.status), role) : [],
  };
}

type StoredAnswer = { ok: boolean; reason?: string };

/**
 * The officer's answers, stored in the one checklist column, shown by what they are: the new-licence
 * checklist, a renewal's six document checks or a change's seven marks (notes stored as reasons).
 */
function answersOf(app: ApplicationRow): Pick<ApplicationDetail, 'checklist' | 'renewalChecks' | 'changeMarks'> {
  const stored = (app.checklist as StoredAnswer[] | null) ?? null;
  const none = { checklist: null, renewalChecks: null, changeMarks: null };
  if (!stored) return none;
  switch (pipelineOf(app.kind)) {
    case 'new':
      return { ...none, checklist: stored as ChecklistItem[] };
    case 'renewal':
      return { ...none, renewalChecks: stored.map((c) => ({ ok: c.ok, reason: c.reason })) };
    case 'change':
      return { ...none, changeMarks: stored.map((m) => ({ ok: m.ok, note: m.reason })) };
  }
}

/**
 * A change request's from → to. Before approval "from" is the licence's current value; after it,
 * the value the approval replaced, kept in the audit row of the decision.
 */
function changeOf(
  app: ApplicationRow,
  licence: LicenceSummary | undefined,
  audit: { action: string; details: Record<string, unknown> | null }[],
): ApplicationDetail['change'] {
  const asked = requestedChange(app);
  if (!asked) return null;
  const decided = audit.findLast((a) => a.action === 'decideChange' && a.details?.change)?.details?.change as
    { from?: string } | undefined;
  const current = licence ? licence[asked.field] : '';
  return { field: asked.field, from: decided?.from ?? current, to: asked.to };
}

/** Unseen applications of a level, locked, oldest first (Forward All, spec 3 §2). */
export async function lockUnseen(
  trx: Transaction<DB>,
  kinds: readonly ApplicationRow['kind'][],
  stage: 'StepOne' | 'StepTwo',
  seenColumn: 'seen_chairman' | 'seen_uno',
) {
  return trx
    .selectFrom('applications')
    .select(APPLICATION_COLUMNS)
    .where('intake_status', '=', 'complete')
    .where('kind', 'in', kinds)
    .where('stage', '=', stage)
    .where(seenColumn, '=', false)
    .where(isLive())
    .orderBy('submitted_at')
    .forUpdate()
    .execute();
}
