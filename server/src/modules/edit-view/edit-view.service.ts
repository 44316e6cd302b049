import crypto from 'node:crypto';
import {
  applyAction,
  can,
  isImageOnlySlot,
  KIND_SLOTS,
  pipelineFor,
  type EditFieldsRequest,
  type EditView,
  type FileSlot,
  type OldRecordFields,
  type ParsedActionRequest,
  type StaffRole,
  type StoredKind,
} from '@portal/shared';
import type { AppDeps } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { checkUpload } from '../../platform/files/check-upload.js';
import { listAttachments } from '../../platform/files/blob-store.js';
import { searchColumnValues } from '../applications/application-insert.js';
import { APPLICATION_KINDS } from '../intake/kinds/index.js';
import { wellPositionColumns } from '../map/well-position.js';
import { oldRecordColumns } from '../old-records/old-records.repository.js';
import { licenceOf, pipelineStateOf } from '../requests/request.repository.js';
import { performAction, type Officer } from '../requests/request.service.js';
import { applyEdit, editableFieldsOf } from './edit-fields.js';
import {
  findLiveApplication,
  readHistory,
  replaceDocumentFile,
  saveEditedFields,
  type EditRow,
} from './edit-view.repository.js';

/**
 * The office's edit view of one application (spec 2 "Edit application screen (edit-view/{id})",
 * spec 3 §4 "Admin may set any destination and status by hand"; docs/decisions/038). Edits and
 * replacements are the register's (permission register.edit); the stage by hand is the review
 * engine's override action, so it follows the pipeline's rules and is audited like every action.
 */

type Db = AppDeps['db'];

const actorOf = (o: Officer) => ({ userId: o.id, email: o.email });

/** The documents the edit view replaces: the kind's own slots; an old record from the paper register has none. */
function slotsOf(kind: StoredKind): readonly string[] {
  return kind === 'Old' ? [] : KIND_SLOTS[kind];
}

async function live(db: Db, id: string): Promise<EditRow> {
  const app = await findLiveApplication(db, id);
  if (!app) throw new Problem('NOT_FOUND');
  return app;
}

/** The stages the override accepts for this application now, by the pipeline itself (decision 021). */
async function overrideStages(db: Db, app: EditRow, role: StaffRole, now: Date) {
  if (!can(role, 'review.override')) return null;
  const licence = await licenceOf(db, app, now);
  const state = pipelineStateOf(app, licence?.status);
  const stages = pipelineFor(state).stages.filter(
    (stage) => applyAction(state, 'override', role, { toStage: stage, reason: '-' }).ok,
  );
  return { stages };
}

export async function readEditView(db: Db, id: string, role: StaffRole, now: Date): Promise<EditView> {
  const app = await live(db, id);
  const [files, history, override] = await Promise.all([
    listAttachments(db, id),
    readHistory(db, id),
    overrideStages(db, app, role, now),
  ]);
  return {
    id: app.id,
    applicationNumber: Number(app.application_number),
    kind: app.kind,
    stage: app.stage,
    seen: { chairman: app.seen_chairman, uno: app.seen_uno, badc: app.seen_badc },
    version: app.version,
    intakeStatus: app.intake_status,
    fields: app.fields,
    ...editableFieldsOf(app.kind),
    slots: slotsOf(app.kind).map((slot) => {
      const file = files.find((f) => f.slot === slot);
      return { slot, imageOnly: isImageOnlySlot(slot), file: file ? { ...file, url: `/api/files/${file.id}` } : null };
    }),
    override,
    history,
  };
}

/**
 * Saves the form against the version the editor saw: 409 STALE_STATE with the edit view as it is
 * now when someone changed the application meanwhile (the page shows what changed and keeps what
 * was typed). A save that changes nothing writes nothing.
 */
export async function saveEdit(deps: AppDeps, officer: Officer, id: string, req: EditFieldsRequest): Promise<EditView> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const app = await findLiveApplication(trx, id, { lock: true });
    if (!app) throw new Problem('NOT_FOUND');
    if (app.version !== req.version) {
      throw new Problem('STALE_STATE', { current: await readEditView(trx, id, officer.role, now) });
    }
    const { fields, changed } = applyEdit(app.kind, app.fields, req.fields);
    if (changed.length > 0) {
      await saveEditedFields(trx, app, {
        fields,
        changed,
        columns: searchColumnsOf(app, fields),
        position: positionOf(app, fields, changed, officer.role),
        actor: actorOf(officer),
        at: now,
      });
    }
    return readEditView(trx, id, officer.role, now);
  });
}

/**
 * The search copy columns exactly as the intake (or the old-record entry) writes them, by the
 * kind's own mapping. A change request is listed under its holder's present name, which is not one
 * of its fields: it is kept.
 */
function searchColumnsOf(app: EditRow, fields: Record<string, unknown>) {
  if (app.kind === 'Old') return oldRecordColumns(fields as OldRecordFields);
  const kind = APPLICATION_KINDS[app.kind] as (typeof APPLICATION_KINDS)['New'];
  const columns = kind.columns(fields as never, { licenceId: app.licence_id, holderName: app.applicant_name });
  return searchColumnValues(columns);
}

/**
 * The well's position (decision 028), only when the edit changed a coordinate: BADC is the office
 * that records a well's position, so its edit is the officer's and replaces a recorded one; the
 * Admin corrects what the applicant typed, which counts only while BADC has recorded none.
 */
function positionOf(app: EditRow, fields: Record<string, unknown>, changed: string[], role: StaffRole) {
  if (!changed.includes('latitude') && !changed.includes('longitude')) return {};
  return wellPositionColumns(fields, role === 'BADC' ? 'officer' : 'applicant', app.position_source);
}

/** Checks made before the body is read, so a refused replacement costs no upload: the application and the slot. */
export async function prepareReplacement(deps: AppDeps, id: string, slot: string): Promise<void> {
  const app = await live(deps.db, id);
  if (!slotsOf(app.kind).includes(slot)) throw new Problem('NOT_FOUND');
}

/**
 * One document replaced: the intake's checks (type by its bytes, the whole file opens; photo and
 * signature only as pictures), then stored with its audit row; the old file's bytes are kept.
 */
export async function replaceFile(
  deps: AppDeps,
  officer: Officer,
  input: { id: string; slot: string; bytes: Uint8Array; originalName: string | null },
): Promise<EditView> {
  // Sniffed and opened before the transaction (decision 016): the row is not held while an image decodes.
  const file = await checkUpload(input.bytes, { imageOnly: isImageOnlySlot(input.slot) });
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const app = await findLiveApplication(trx, input.id, { lock: true });
    if (!app || !slotsOf(app.kind).includes(input.slot)) throw new Problem('NOT_FOUND');
    await replaceDocumentFile(trx, app, {
      slot: input.slot as FileSlot,
      file,
      originalName: input.originalName,
      actor: actorOf(officer),
      at: now,
    });
    return readEditView(trx, input.id, officer.role, now);
  });
}

/**
 * The Admin's stage by hand, through the review engine's override action (decision 021): the
 * pipeline decides which stages fit and resets the seen flags of the levels at and after the
 * target; the action's own audit row keeps from, to and the reason; the version protocol is the
 * officers' (409 STALE_STATE).
 */
export async function overrideStage(
  deps: AppDeps,
  officer: Officer,
  id: string,
  req: { version: number; clientActionId?: string; stage: EditView['stage']; reason: string },
): Promise<EditView> {
  await live(deps.db, id);
  const action: ParsedActionRequest = {
    action: 'override',
    version: req.version,
    clientActionId: req.clientActionId ?? crypto.randomUUID(),
    payload: { toStage: req.stage, reason: req.reason },
  };
  await performAction(deps, officer, id, action);
  return readEditView(deps.db, id, officer.role, deps.now());
}
