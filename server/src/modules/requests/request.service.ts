import type { Transaction } from 'kysely';
import {
  applyAction,
  can,
  canReadApplication,
  pipelineOf,
  PIPELINE_KINDS,
  queuePermission,
  translate,
  type ApplicationDetail,
  type ChecklistItem,
  type LatLng,
  type MessageKey,
  type OfficerFileSlot,
  type ParsedActionRequest,
  type PipelineEffect,
  type QueueName,
  type Refusal,
  type SiteSettings,
  type Stage,
  type StaffRole,
} from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import type { AppDeps, StaffPrincipal } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { saveAttachment } from '../../platform/files/blob-store.js';
import { checkUpload } from '../../platform/files/check-upload.js';
import { enqueueSms } from '../sms/outbox.js';
import { smsKindLabel, smsText } from '../sms/messages.js';
import { writeAudit } from '../audit/audit.repository.js';
import { getSettings } from '../settings/settings.repository.js';
import {
  addLicencePeriod,
  changeLicenceHolder,
  issueLicence,
  type LicenceSummary,
} from '../licences/licence.writer.js';
import { positionInFields, wellPositionColumns } from '../map/well-position.js';
import { decideOnce } from './idempotency.js';
import {
  licenceOf,
  lockApplication,
  lockUnseen,
  pipelineStateOf,
  readDetail,
  requestedChange,
  type ApplicationRow,
} from './request.repository.js';
import { saveNextState, type ApplicationPatch } from '../applications/application-state.js';

/** A signed-in officer with a role (behind a permission guard). */
export type Officer = StaffPrincipal & { role: StaffRole };

const actorOf = (o: Officer) => ({ userId: o.id, email: o.email });

/**
 * One officer action (spec 3 §4) in one transaction: claim the client action id, lock the
 * application, check role, version and stage in that order, write the next state, the audit row
 * and the side effects (licence, text message), and answer the new detail.
 */
export async function performAction(
  deps: AppDeps,
  officer: Officer,
  id: string,
  req: ParsedActionRequest,
): Promise<ApplicationDetail> {
  const decision = {
    key: req.clientActionId,
    scope: `review.action:${id}`,
    request: { user: officer.id, id, action: req.action, version: req.version, payload: req.payload },
    by: officer.id,
    queuedBy: req.officerId,
  };
  return decideOnce(deps, decision, async (trx, now) => {
    const app = await lockApplication(trx, id);
    if (!app) throw new Problem('NOT_FOUND');
    const licence = await licenceOf(trx, app, now);
    const state = pipelineStateOf(app, licence?.status);
    const result = applyAction(state, req.action, officer.role, req.payload);
    if (!result.ok && result.reason === 'ROLE') throw new Problem('FORBIDDEN');
    // Nobody acts on a request none of its lists shows (decision 017).
    if (!canReadApplication(officer.role, state)) throw new Problem('FORBIDDEN');
    if (app.version !== req.version) {
      throw new Problem('STALE_STATE', { current: await readDetail(trx, id, officer.role, now) });
    }
    if (!result.ok) throw refusal(result.reason as Exclude<Refusal, 'ROLE'>, licence);
    if (app.intake_status !== 'complete') throw new Problem('ACTION_NOT_ALLOWED');

    const next = result.next;
    await saveNextState(trx, app, { stage: next.stage, seen: next.seen, ...patchFor(app, req) }, now);
    const outcome = await applyLicenceEffects(trx, { app, licence, req, effects: result.effects, officer, now });
    await writeAudit(trx, {
      applicationId: id,
      actor: actorOf(officer),
      action: req.action,
      fromStage: app.stage,
      toStage: next.stage,
      note: noteOf(req),
      details: { payload: req.payload, ...outcome },
      at: now,
    });
    await sendTexts(trx, { app, req, effects: result.effects });

    return (await readDetail(trx, id, officer.role, now))!;
  });
}

/**
 * A refused action as a problem: wrong stage 409 ACTION_NOT_ALLOWED; a licence in the wrong status
 * the same, with a Bangla line saying why (a suspended licence is reactivated before a renewal).
 */
function refusal(reason: Exclude<Refusal, 'ROLE'>, licence: LicenceSummary | undefined): Problem {
  if (reason === 'STAGE') return new Problem('ACTION_NOT_ALLOWED');
  const key: MessageKey = !licence
    ? 'review.v.noLicence'
    : licence.status === 'suspended'
      ? 'review.v.renewSuspended'
      : 'review.v.renewNotRenewable';
  return new Problem('ACTION_NOT_ALLOWED', { fields: { licence: translate('bn', key) } });
}

/** What each action writes besides stage and seen flags (spec 3 §3 checklist, remarks, recheck, map). */
function patchFor(app: ApplicationRow, req: ParsedActionRequest): Omit<ApplicationPatch, 'stage' | 'seen'> {
  switch (req.action) {
    case 'inspect': {
      const p = req.payload;
      return {
        checklist: normaliseChecklist(app.kind, p.checklist),
        ...(p.finalRemarks ? { finalRemarks: p.finalRemarks } : {}),
        ...withMap(app, p),
      };
    }
    case 'requestRecheck':
      return { recheck: { requested: req.payload.on, message: req.payload.on ? (req.payload.message ?? null) : null } };
    case 'decideFirst':
      return req.payload.reason ? { finalRemarks: appendRemark(app.final_remarks, req.payload.reason) } : {};
    case 'updateFinal':
      return {
        ...(req.payload.remarks !== undefined ? { finalRemarks: req.payload.remarks } : {}),
        ...withMap(app, req.payload),
      };
    case 'decline':
      // Spec 3 §4: decline appends the typed reason to the existing final remarks.
      return { finalRemarks: appendRemark(app.final_remarks, req.payload.reason) };
    case 'decideRenewal': {
      const p = req.payload;
      const checks = p.checks.map((c) => (c.ok ? { ok: true } : { ok: false, reason: c.reason! }));
      return { checklist: checks, ...(p.approve ? {} : { finalRemarks: appendRemark(app.final_remarks, p.reason) }) };
    }
    case 'decideChange': {
      const p = req.payload;
      // The marks share the checklist column; a mark's note is stored as its reason.
      const marks = p.marks.map((m) => (m.note ? { ok: m.ok, reason: m.note } : { ok: m.ok }));
      const reason = p.approve ? undefined : p.reason;
      return { checklist: marks, ...(reason ? { finalRemarks: appendRemark(app.final_remarks, reason) } : {}) };
    }
    default:
      return {};
  }
}

function appendRemark(existing: string | null, text: string): string {
  return existing ? `${existing}\n${text}` : text;
}

/**
 * A corrected map location is stored in the form's own latitude/longitude (spec 3 §4 final stage),
 * and becomes the well's position, over the applicant's (decision 028). A location that only
 * repeats the form's (a form prefilled with it and sent unchanged) is no finding of the officer's:
 * it changes nothing, so it cannot replace the fix a site visit recorded, nor make the applicant's
 * position pass for BADC's.
 */
function withMap(
  app: ApplicationRow,
  p: { latitude?: number; longitude?: number },
): Pick<ApplicationPatch, 'fields' | 'position'> {
  if (p.latitude === undefined && p.longitude === undefined) return {};
  const fields = {
    ...app.fields,
    ...(p.latitude !== undefined ? { latitude: p.latitude } : {}),
    ...(p.longitude !== undefined ? { longitude: p.longitude } : {}),
  };
  if (samePosition(positionInFields(app.fields), positionInFields(fields))) return {};
  return { fields, position: wellPositionColumns(fields, 'officer') };
}

/** The same point, to about a centimetre: coordinates make a round trip through text and JSON. */
function samePosition(a: LatLng | null, b: LatLng | null): boolean {
  if (!a || !b) return a === b;
  return Math.abs(a.latitude - b.latitude) < 1e-7 && Math.abs(a.longitude - b.longitude) < 1e-7;
}

/**
 * Seven answers, "yes" without a detail (spec 3 §5). The seventh (electricity bill) is asked only
 * for the existing-pump application; otherwise it is stored as yes with no reason.
 */
function normaliseChecklist(kind: ApplicationRow['kind'], items: ChecklistItem[]): { ok: boolean; reason?: string }[] {
  const asksSeventh = kind === 'Existing';
  if (asksSeventh && items.length < 7) {
    throw new Problem('VALIDATION', { fields: { 'payload.checklist': translate('bn', 'review.v.checklistCount') } });
  }
  const answered = items
    .slice(0, asksSeventh ? 7 : 6)
    .map((i) => (i.ok ? { ok: true } : { ok: false, reason: i.reason! }));
  return asksSeventh ? answered : [...answered, { ok: true }];
}

function noteOf(req: ParsedActionRequest): string | null {
  switch (req.action) {
    case 'decideFirst':
      return req.payload.reason ?? null;
    case 'requestRecheck':
      return req.payload.on ? (req.payload.message ?? null) : null;
    case 'updateFinal':
      return req.payload.remarks ?? null;
    case 'decline':
      return req.payload.reason;
    case 'decideRenewal':
    case 'decideChange':
      return req.payload.approve ? null : (req.payload.reason ?? null);
    case 'override':
      return req.payload.reason;
    default:
      return null;
  }
}

/**
 * The licence side of an approval, through the licences module, the only writer of licences
 * (docs/decisions/022-licence-aggregate.md). Answers what the audit row records: the number issued,
 * the period added, the change made with the value it replaced.
 */
async function applyLicenceEffects(
  trx: Transaction<DB>,
  ctx: {
    app: ApplicationRow;
    licence: LicenceSummary | undefined;
    req: ParsedActionRequest;
    effects: PipelineEffect[];
    officer: Officer;
    now: Date;
  },
): Promise<Record<string, unknown>> {
  const { app, licence, req, officer, now } = ctx;
  const by = officer.id;
  const outcome: Record<string, unknown> = {};
  for (const effect of ctx.effects) {
    if (effect.kind === 'issueLicence' && req.action === 'approve') {
      const p = req.payload;
      const issued = await issueLicence(trx, {
        applicationId: app.id,
        termYears: p.termYears,
        issuedOn: p.issuedOn,
        validFrom: p.validFrom,
        validTo: p.validTo,
        by,
        now,
      });
      outcome.licenceNumber = issued.licenceNumber;
    } else if (effect.kind === 'addPeriod' && req.action === 'decideRenewal' && req.payload.approve && licence) {
      const { issuedOn, validFrom, validTo } = req.payload;
      await addLicencePeriod(trx, { licenceId: licence.id, requestId: app.id, issuedOn, validFrom, validTo, by, now });
      outcome.licenceNumber = licence.number;
      outcome.period = { from: { validFrom: licence.validFrom, validTo: licence.validTo }, to: { validFrom, validTo } };
    } else if ((effect.kind === 'changeName' || effect.kind === 'changePlot') && licence) {
      const asked = requestedChange(app);
      if (!asked || !asked.to) throw new Problem('ACTION_NOT_ALLOWED');
      await changeLicenceHolder(trx, {
        licenceId: licence.id,
        requestId: app.id,
        change: { field: asked.field, to: asked.to },
        by,
        now,
      });
      outcome.licenceNumber = licence.number;
      outcome.change = { field: asked.field, from: licence[asked.field], to: asked.to };
    } else if (effect.kind !== 'sms') {
      // An approval whose licence is gone cannot be carried out; nothing is saved.
      throw new Problem('ACTION_NOT_ALLOWED', { fields: { licence: translate('bn', 'review.v.noLicence') } });
    }
  }
  return outcome;
}

/** The setting that switches each text, by pipeline (spec 3 §3 baseData; change texts: decision 021). */
const SMS_SETTING = {
  recheck: { new: 'sms_application_recheck', renewal: 'sms_application_recheck', change: 'sms_application_recheck' },
  approved: { new: 'sms_application_approved', renewal: 'sms_application_approved', change: 'sms_change_approved' },
  declined: { new: 'sms_application_decline', renewal: 'sms_application_decline', change: 'sms_change_decline' },
} as const satisfies Record<string, Record<string, keyof SiteSettings>>;

/** The decline reason an action gave, if any (a change may be declined without one). */
function declineReason(req: ParsedActionRequest): string | null {
  if (req.action === 'decline') return req.payload.reason;
  if ((req.action === 'decideRenewal' || req.action === 'decideChange') && !req.payload.approve)
    return req.payload.reason ?? '';
  return null;
}

/** Text messages go through the durable outbox in this transaction, each only when its setting is ON. */
async function sendTexts(
  trx: Transaction<DB>,
  ctx: { app: ApplicationRow; req: ParsedActionRequest; effects: PipelineEffect[] },
) {
  const wanted = ctx.effects.flatMap((e) => (e.kind === 'sms' ? [e.message] : []));
  if (wanted.length === 0) return;
  const settings = await getSettings(trx);
  const { app, req } = ctx;
  const pipeline = pipelineOf(app.kind);
  const common = { applicationNumber: Number(app.application_number), webUrl: settings.webUrl };
  for (const message of wanted) {
    if (settings[SMS_SETTING[message][pipeline]] !== 'ON') continue;
    let body: string | null = null;
    if (message === 'recheck' && req.action === 'requestRecheck')
      body = smsText.recheck({ ...common, message: req.payload.message ?? '' });
    if (message === 'approved') body = smsText.approved({ ...common, kindLabel: smsKindLabel(app.kind) });
    const reason = declineReason(req);
    if (message === 'declined' && reason !== null) body = smsText.declined({ ...common, reason });
    if (body)
      await enqueueSms(trx, {
        to: app.mobile,
        body,
        kind: message,
        dedupeKey: `review:${req.clientActionId}:${message}`,
      });
  }
}

/**
 * The unseen queues that have Forward All (spec 3 §2: new applications at the Chairman and the UNO,
 * change requests likewise), with the kinds, stage and seen flag of the level. Who may forward a
 * queue is whoever may open it (permission queue.<name>, decision 017).
 */
const FORWARD_ALL = {
  'chairman-unseen': { kinds: PIPELINE_KINDS.new, stage: 'StepOne', seen: 'seen_chairman' },
  'uno-unseen': { kinds: PIPELINE_KINDS.new, stage: 'StepTwo', seen: 'seen_uno' },
  'chairman-change-unseen': { kinds: PIPELINE_KINDS.change, stage: 'StepOne', seen: 'seen_chairman' },
  'uno-change-unseen': { kinds: PIPELINE_KINDS.change, stage: 'StepTwo', seen: 'seen_uno' },
} as const satisfies Partial<Record<QueueName, { kinds: readonly string[]; stage: Stage; seen: string }>>;
export const FORWARD_ALL_QUEUES = Object.keys(FORWARD_ALL) as (keyof typeof FORWARD_ALL)[];

/** Forwards every unseen request of the level in one transaction, an audit row each. */
export async function forwardAll(
  deps: AppDeps,
  officer: Officer,
  queue: QueueName,
  clientActionId: string,
): Promise<{ forwarded: number }> {
  if (!(queue in FORWARD_ALL)) throw new Problem('NOT_FOUND');
  const level = FORWARD_ALL[queue as keyof typeof FORWARD_ALL];
  if (!can(officer.role, queuePermission(queue))) throw new Problem('FORBIDDEN');

  const decision = {
    key: clientActionId,
    scope: `review.forwardAll:${queue}`,
    request: { user: officer.id, queue },
    by: officer.id,
  };
  return decideOnce(deps, decision, async (trx, now) => {
    const apps = await lockUnseen(trx, level.kinds, level.stage, level.seen);
    let forwarded = 0;
    for (const app of apps) {
      const result = applyAction(pipelineStateOf(app), 'forward', officer.role, {});
      if (!result.ok) continue;
      await saveNextState(trx, app, { stage: result.next.stage, seen: result.next.seen }, now);
      await writeAudit(trx, {
        applicationId: app.id,
        actor: actorOf(officer),
        action: 'forward',
        fromStage: app.stage,
        toStage: result.next.stage,
        details: { forwardAll: true },
        at: now,
      });
      forwarded += 1;
    }
    return { forwarded };
  });
}

/** Where each officer file may be attached (spec 3 §4: report at the first and final stages; slip and consent at the final one). */
const FILE_STAGES: Record<OfficerFileSlot, readonly Stage[]> = {
  inspectionReport: ['Pending', 'Approvable', 'NotApprovable'],
  bankSlip: ['Approvable'],
  managerConsent: ['Approvable'],
};

export async function uploadOfficerFile(
  deps: AppDeps,
  officer: Officer,
  input: { applicationId: string; slot: OfficerFileSlot; bytes: Uint8Array; originalName: string | null },
): Promise<ApplicationDetail> {
  // Sniffed and opened before the transaction (decision 016): a broken scan is refused, never stored.
  const checked = await checkUpload(input.bytes);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const app = await lockApplication(trx, input.applicationId);
    if (!app) throw new Problem('NOT_FOUND');
    // Officer files belong to the new-licence review (spec 3 §4 first and final stages).
    if (
      app.intake_status !== 'complete' ||
      pipelineOf(app.kind) !== 'new' ||
      !FILE_STAGES[input.slot].includes(app.stage)
    )
      throw new Problem('ACTION_NOT_ALLOWED');
    const file = await saveAttachment(trx, {
      applicationId: app.id,
      slot: input.slot,
      file: checked,
      originalName: input.originalName,
      uploadedBy: officer.id,
      at: now,
    });
    await writeAudit(trx, {
      applicationId: app.id,
      actor: actorOf(officer),
      action: 'uploadFile',
      fromStage: app.stage,
      toStage: app.stage,
      note: input.slot,
      details: { slot: input.slot, fileId: file.id, sha256: file.sha256 },
      at: now,
    });
    return (await readDetail(trx, app.id, officer.role, now))!;
  });
}
