import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  addYears,
  applyAction,
  can,
  canReadApplication,
  queuePermission,
  REACTIVATION_DEFAULT_YEARS,
  todayInDhaka,
  translate,
  type ApplicationDetail,
  type ChecklistItem,
  type OfficerFileSlot,
  type ParsedActionRequest,
  type PipelineEffect,
  type QueueName,
  type SiteSettings,
  type Stage,
  type StaffRole,
} from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { AppDeps, StaffPrincipal } from '../../http/env.js';
import { Problem } from '../../http/problem.js';
import { saveAttachment } from '../../files/blob-store.js';
import { checkUpload } from '../../files/check-upload.js';
import { enqueueSms } from '../../sms/outbox.js';
import { smsKindLabel, smsText } from '../../sms/messages.js';
import { writeAudit } from '../audit/audit.repository.js';
import { getSettings } from '../settings/settings.repository.js';
import { claimKey, requestHash } from './idempotency.js';
import {
  findLicence,
  insertLicence,
  lockApplication,
  lockUnseen,
  pipelineStateOf,
  readDetail,
  recordPeriod,
  saveApplication,
  updateLicence,
  type ApplicationPatch,
  type ApplicationRow,
  type LicenceRow,
} from './review.repository.js';

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
  // A decision queued on a shared device belongs to the officer who made it: never applied under
  // another officer's session (docs/decisions/012-offline-queue-truth.md). Checked before the
  // idempotency key is claimed, so a refused request leaves nothing behind.
  if (req.officerId !== undefined && req.officerId !== officer.id) throw new Problem('OFFICER_MISMATCH');
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const claim = await claimKey<ApplicationDetail>(
      trx,
      req.clientActionId,
      `review.action:${id}`,
      requestHash({ user: officer.id, id, action: req.action, version: req.version, payload: req.payload }),
      now,
    );
    if (!claim.fresh) return claim.body;

    const app = await lockApplication(trx, id);
    if (!app) throw new Problem('NOT_FOUND');
    const licence = await findLicence(trx, id);
    const result = applyAction(pipelineStateOf(app, licence), req.action, officer.role, req.payload);
    if (!result.ok && result.reason === 'ROLE') throw new Problem('FORBIDDEN');
    // Nobody acts on an application none of its lists shows (decision 017).
    if (!canReadApplication(officer.role, pipelineStateOf(app, licence))) throw new Problem('FORBIDDEN');
    if (app.version !== req.version) {
      throw new Problem('STALE_STATE', { current: await readDetail(trx, id, officer.role) });
    }
    if (!result.ok || app.intake_status !== 'complete') throw new Problem('ACTION_NOT_ALLOWED');

    const next = result.next;
    await saveApplication(trx, app, { stage: next.stage, seen: next.seen, ...patchFor(app, req) }, now);
    const licenceNumber = await applyLicenceEffects(trx, { app, licence, req, effects: result.effects, officer, now });
    await writeAudit(trx, {
      applicationId: id,
      actor: actorOf(officer),
      action: req.action,
      fromStage: app.stage,
      toStage: next.stage,
      note: noteOf(req),
      details: { payload: req.payload, ...(licenceNumber ? { licenceNumber } : {}) },
      at: now,
    });
    await sendTexts(trx, { app, req, effects: result.effects });

    const detail = (await readDetail(trx, id, officer.role))!;
    await claim.finish(detail);
    return detail;
  });
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
    default:
      return {};
  }
}

function appendRemark(existing: string | null, text: string): string {
  return existing ? `${existing}\n${text}` : text;
}

/** A corrected map location is stored in the form's own latitude/longitude (spec 3 §4 final stage). */
function withMap(app: ApplicationRow, p: { latitude?: number; longitude?: number }): Pick<ApplicationPatch, 'fields'> {
  if (p.latitude === undefined && p.longitude === undefined) return {};
  return {
    fields: {
      ...app.fields,
      ...(p.latitude !== undefined ? { latitude: p.latitude } : {}),
      ...(p.longitude !== undefined ? { longitude: p.longitude } : {}),
    },
  };
}

/**
 * Seven answers, "yes" without a detail (spec 3 §5). The seventh (electricity bill) is asked only
 * for the existing-pump and change applications; otherwise it is stored as yes with no reason.
 */
function normaliseChecklist(kind: ApplicationRow['kind'], items: ChecklistItem[]): { ok: boolean; reason?: string }[] {
  const asksSeventh = kind === 'Existing' || kind === 'Change';
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
    case 'suspend':
      return req.payload.note;
    case 'override':
      return req.payload.reason;
    default:
      return null;
  }
}

/** The licence side of approve, suspend, reactivate, confirmTesting and an override; answers a new licence number. */
async function applyLicenceEffects(
  trx: Transaction<DB>,
  ctx: {
    app: ApplicationRow;
    licence: LicenceRow | undefined;
    req: ParsedActionRequest;
    effects: PipelineEffect[];
    officer: Officer;
    now: Date;
  },
): Promise<number | null> {
  const { licence, req, now } = ctx;
  let issued: number | null = null;
  for (const effect of ctx.effects) {
    if (effect.kind === 'issueLicence' && req.action === 'approve') {
      const p = req.payload;
      const values = {
        term_years: p.termYears,
        is_testing: effect.testing,
        issued_on: p.issuedOn,
        valid_from: p.validFrom,
        valid_to: p.validTo,
      };
      if (licence) {
        // Approved again after an Admin sent it back: the licence keeps its number, the old period is kept.
        await recordPeriod(trx, licence, now);
        await updateLicence(trx, licence.id, { ...values, status: 'active', suspend_note: null });
        issued = Number(licence.licence_number);
      } else {
        issued = await insertLicence(trx, {
          id: crypto.randomUUID(),
          applicationId: ctx.app.id,
          termYears: p.termYears,
          isTesting: effect.testing,
          issuedOn: p.issuedOn,
          validFrom: p.validFrom,
          validTo: p.validTo,
          createdBy: ctx.officer.id,
          now,
        });
      }
      continue;
    }
    if (!licence) continue;
    if (effect.kind === 'suspendLicence' && req.action === 'suspend') {
      await updateLicence(trx, licence.id, { status: 'suspended', suspend_note: req.payload.note });
    } else if (effect.kind === 'reactivateLicence' && req.action === 'reactivate') {
      // Spec 3 §4: Re Active sets a new validity and clears the suspend note.
      await recordPeriod(trx, licence, now);
      await updateLicence(trx, licence.id, {
        valid_from: req.payload.validFrom,
        valid_to: req.payload.validTo,
        status: 'active',
        suspend_note: null,
      });
    } else if (effect.kind === 'confirmTestingLicence') {
      // Spec 3 §4: approving a testing licence makes it a regular one for 3 years from today.
      const today = todayInDhaka(now);
      await recordPeriod(trx, licence, now);
      await updateLicence(trx, licence.id, {
        term_years: REACTIVATION_DEFAULT_YEARS,
        is_testing: false,
        valid_from: today,
        valid_to: addYears(today, REACTIVATION_DEFAULT_YEARS),
      });
    } else if (effect.kind === 'setLicenceStatus') {
      await updateLicence(trx, licence.id, {
        status: effect.status,
        ...(effect.status === 'active' ? { suspend_note: null } : {}),
      });
    }
  }
  return issued;
}

const SMS_SETTING = {
  recheck: 'sms_application_recheck',
  approved: 'sms_application_approved',
  declined: 'sms_application_decline',
  suspended: 'sms_application_suspend',
} as const satisfies Record<string, keyof SiteSettings>;

/** Text messages go through the durable outbox in this transaction, each only when its setting is ON. */
async function sendTexts(
  trx: Transaction<DB>,
  ctx: { app: ApplicationRow; req: ParsedActionRequest; effects: PipelineEffect[] },
) {
  const wanted = ctx.effects.flatMap((e) => (e.kind === 'sms' ? [e.message] : []));
  if (wanted.length === 0) return;
  const settings = await getSettings(trx);
  const { app, req } = ctx;
  const common = { applicationNumber: Number(app.application_number), webUrl: settings.webUrl };
  for (const message of wanted) {
    if (settings[SMS_SETTING[message]] !== 'ON') continue;
    let body: string | null = null;
    if (message === 'recheck' && req.action === 'requestRecheck')
      body = smsText.recheck({ ...common, message: req.payload.message ?? '' });
    if (message === 'approved') body = smsText.approved({ ...common, kindLabel: smsKindLabel(app.kind) });
    if (message === 'declined' && req.action === 'decline')
      body = smsText.declined({ ...common, reason: req.payload.reason });
    if (message === 'suspended' && req.action === 'suspend')
      body = smsText.suspended({ note: req.payload.note, webUrl: settings.webUrl });
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
 * The unseen queues that have Forward All, with the level's stage and seen flag (spec 3 §2). Who
 * may forward a queue is whoever may open it (permission queue.<name>, decision 017).
 */
const FORWARD_ALL = {
  'chairman-unseen': { stage: 'StepOne', seen: 'seen_chairman' },
  'uno-unseen': { stage: 'StepTwo', seen: 'seen_uno' },
} as const satisfies Partial<Record<QueueName, { stage: Stage; seen: string }>>;

/** Forwards every unseen application of the level in one transaction, an audit row each. */
export async function forwardAll(
  deps: AppDeps,
  officer: Officer,
  queue: QueueName,
  clientActionId: string,
): Promise<{ forwarded: number }> {
  if (!(queue in FORWARD_ALL)) throw new Problem('NOT_FOUND');
  const level = FORWARD_ALL[queue as keyof typeof FORWARD_ALL];
  if (!can(officer.role, queuePermission(queue))) throw new Problem('FORBIDDEN');

  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const claim = await claimKey<{ forwarded: number }>(
      trx,
      clientActionId,
      `review.forwardAll:${queue}`,
      requestHash({ user: officer.id, queue }),
      now,
    );
    if (!claim.fresh) return claim.body;
    const apps = await lockUnseen(trx, level.stage, level.seen);
    for (const app of apps) {
      const result = applyAction(pipelineStateOf(app, undefined), 'forward', officer.role, {});
      if (!result.ok) continue;
      await saveApplication(trx, app, { stage: result.next.stage, seen: result.next.seen }, now);
      await writeAudit(trx, {
        applicationId: app.id,
        actor: actorOf(officer),
        action: 'forward',
        fromStage: app.stage,
        toStage: result.next.stage,
        details: { forwardAll: true },
        at: now,
      });
    }
    const body = { forwarded: apps.length };
    await claim.finish(body);
    return body;
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
    if (app.intake_status !== 'complete' || !FILE_STAGES[input.slot].includes(app.stage))
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
    return (await readDetail(trx, app.id, officer.role))!;
  });
}
