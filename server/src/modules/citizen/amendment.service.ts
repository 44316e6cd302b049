import { isImageOnlySlot, translate, type FileSlot, type MessageKey } from '@portal/shared';
import type { AppDeps } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { checkUpload } from '../../platform/files/check-upload.js';
import { writeAmendedFields } from '../applications/application-fields.js';
import { returnAmendedToPending } from '../applications/application-state.js';
import { writeAudit } from '../audit/audit.repository.js';
import { amendFields, copyColumns } from './amendable-fields.js';
import { amendmentOpen, checklistAnswer, slotsOf } from './application-form.js';
import { storeCitizenFile } from './citizen-file.js';
import { lockApplication } from './citizen.repository.js';
import { wellPositionColumns } from '../map/well-position.js';

/**
 * The applicant's amendment after BADC asked for a recheck (spec 1 §4 "Recheck", §7
 * editApplicationByUser / editFileByUser; docs/decisions/025-amendment-and-consent.md). Each write
 * locks the application row, checks again that the recheck is still on, and leaves an audit row
 * BADC reads in the application's history. Saying "done" sends the application back to BADC's
 * pending list.
 */

const AMEND_ACTIONS = ['amendFields', 'amendFile'] as const;

/** A field's Bangla label for the history the officers read (the detail table's labels); the office's edit uses it too. */
export const fieldLabel = (name: string) => {
  const key = `decisions.field.${name}` as MessageKey;
  const text = translate('bn', key);
  return text === key ? name : text;
};
export const slotLabel = (slot: string) => {
  const key = `decisions.file.${slot}` as MessageKey;
  const text = translate('bn', key);
  return text === key ? slot : text;
};

export async function saveAmendedFields(
  deps: AppDeps,
  applicationId: string,
  incoming: Record<string, unknown>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const app = await lockApplication(trx, applicationId);
    if (!app) throw new Problem('VERIFICATION_REQUIRED');
    if (!amendmentOpen(app)) throw new Problem('RECHECK_CLOSED');
    const { fields, changed } = amendFields(app.kind, app.fields, incoming);
    if (changed.length === 0) return;
    await writeAmendedFields(trx, app.id, {
      fields,
      columns: copyColumns(fields, changed),
      // The applicant's new position, unless BADC recorded one (decision 028).
      position: wellPositionColumns(fields, 'applicant', app.position_source),
      at: now,
    });
    await writeAudit(trx, {
      applicationId: app.id,
      actor: 'citizen',
      action: 'amendFields',
      fromStage: app.stage,
      toStage: app.stage,
      note: changed.map(fieldLabel).join(', '),
      details: {
        changed,
        before: Object.fromEntries(changed.map((n) => [n, app.fields[n] ?? null])),
        after: Object.fromEntries(changed.map((n) => [n, fields[n] ?? null])),
      },
      at: now,
    });
  });
}

/**
 * Checks made before the body is read, so a refused replacement costs the phone no bytes: the
 * recheck is on, the slot is one of the kind's, and BADC marked that document No.
 */
export async function prepareReplacement(deps: AppDeps, applicationId: string, slot: string): Promise<void> {
  const app = await lockApplication(deps.db, applicationId);
  if (!app) throw new Problem('VERIFICATION_REQUIRED');
  if (!amendmentOpen(app)) throw new Problem('RECHECK_CLOSED');
  if (!slotsOf(app.kind).includes(slot)) throw new Problem('NOT_FOUND');
  if (checklistAnswer(app.checklist, app.kind, slot).ok !== false) throw new Problem('AMEND_FILE_NOT_MARKED');
}

export async function replaceDocument(
  deps: AppDeps,
  input: { applicationId: string; slot: string; bytes: Uint8Array; originalName: string | null },
): Promise<void> {
  // Sniffed and opened before the transaction (decision 016); photo and signature only as pictures.
  const checked = await checkUpload(input.bytes, { imageOnly: isImageOnlySlot(input.slot) });
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const app = await lockApplication(trx, input.applicationId);
    if (!app) throw new Problem('VERIFICATION_REQUIRED');
    // Asked again under the lock: BADC may have closed the recheck while the file was on its way.
    if (!amendmentOpen(app)) throw new Problem('RECHECK_CLOSED');
    if (!slotsOf(app.kind).includes(input.slot)) throw new Problem('NOT_FOUND');
    if (checklistAnswer(app.checklist, app.kind, input.slot).ok !== false) throw new Problem('AMEND_FILE_NOT_MARKED');
    await storeCitizenFile(trx, app, {
      slot: input.slot as FileSlot,
      file: checked,
      originalName: input.originalName,
      action: 'amendFile',
      note: slotLabel(input.slot),
      at: now,
    });
  });
}

/**
 * "Done" (spec 1 §4): the application returns to BADC's pending list with the recheck closed and a
 * new version (an officer's screen opened before is then stale), and one 'amended' row lists what
 * changed since BADC asked. A repeat of a "done" whose answer was lost is answered as done.
 */
export async function submitAmendment(deps: AppDeps, applicationId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const app = await lockApplication(trx, applicationId);
    if (!app) throw new Problem('VERIFICATION_REQUIRED');
    const last = await trx
      .selectFrom('audit_log')
      .select(['action', 'actor_label'])
      .where('application_id', '=', app.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!amendmentOpen(app)) {
      if (last?.action === 'amended' && last.actor_label === 'citizen') return;
      throw new Problem('RECHECK_CLOSED');
    }
    // What changed since BADC's latest recheck request.
    const asked = await trx
      .selectFrom('audit_log')
      .select('id')
      .where('application_id', '=', app.id)
      .where('action', '=', 'requestRecheck')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const rows = await trx
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('application_id', '=', app.id)
      .where('action', 'in', AMEND_ACTIONS)
      .where('id', '>', asked?.id ?? 0)
      .orderBy('id')
      .execute();
    const fields = [
      ...new Set(rows.flatMap((r) => (r.action === 'amendFields' ? (r.details?.changed as string[]) : []))),
    ];
    const files = [...new Set(rows.flatMap((r) => (r.action === 'amendFile' ? [r.details?.slot as string] : [])))];

    await returnAmendedToPending(trx, app, now);
    const parts = [
      fields.length
        ? translate('bn', 'verification.amend.auditFields', { list: fields.map(fieldLabel).join(', ') })
        : '',
      files.length ? translate('bn', 'verification.amend.auditFiles', { list: files.map(slotLabel).join(', ') }) : '',
    ].filter(Boolean);
    await writeAudit(trx, {
      applicationId: app.id,
      actor: 'citizen',
      action: 'amended',
      fromStage: app.stage,
      toStage: 'Pending',
      note: parts.length ? parts.join('; ') : translate('bn', 'verification.amend.auditNothing'),
      details: { fields, files },
      at: now,
    });
  });
}
