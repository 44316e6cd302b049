import type { ActionPayload } from '../schemas/review.js';
import type { Action, PipelineState, SeenFlags, Stage, StaffRole } from './types.js';

/** What the server must do besides storing the next state (docs/decisions/021-review-engine-by-kind.md). */
export type PipelineEffect =
  /** New/Existing approved: the licence is issued (server/src/modules/licences/licence.writer.ts issueLicence). */
  | { kind: 'issueLicence'; termYears: 1 | 2 | 3; testing: boolean }
  /** Renewal approved: the licence gets the new validity period (addLicencePeriod). */
  | { kind: 'addPeriod' }
  /** Name change approved: the licence's holder name becomes fields.newApplicantName (changeLicenceHolder). */
  | { kind: 'changeName' }
  /** Plot change approved: the licence's dag number becomes fields.newDagNumber (changeLicenceHolder). */
  | { kind: 'changePlot' }
  /** A text message to the applicant; sent only when its site setting is ON (spec 3 §3 baseData). */
  | { kind: 'sms'; message: 'recheck' | 'approved' | 'declined' };

/**
 * ROLE: the role may never take the action (403). STAGE: not at this stage, or not in this
 * request's pipeline (409). LICENCE: the licence the request is about is in a status the action
 * cannot apply to, e.g. renewing a suspended licence (409).
 */
export type Refusal = 'ROLE' | 'STAGE' | 'LICENCE';
export type PipelineResult =
  { ok: true; next: PipelineState; effects: PipelineEffect[] } | { ok: false; reason: Refusal };

/** One pipeline: its stages and its rules. The role has already been checked against the permission table. */
export interface Pipeline {
  /** The stages a request of this pipeline can be at, in order. */
  stages: readonly Stage[];
  /** Whether the action fits this state for this role (the buttons the client shows). */
  fits(state: PipelineState, action: Action, role: StaffRole): boolean;
  /** The next state and effects of an action that fits. */
  apply(state: PipelineState, action: Action, role: StaffRole, payload: AnyPayload): PipelineResult;
}

/** Any action's parsed payload, read by field name (the entry point has checked the action). */
export type AnyPayload = Partial<ActionPayload<Action>> & Record<string, unknown>;

/** A successful move: the stage, the seen flags the action sets and the effects. */
export function moveTo(
  state: PipelineState,
  stage: Stage,
  seen: Partial<SeenFlags> = {},
  effects: PipelineEffect[] = [],
): PipelineResult {
  return { ok: true, next: { ...state, stage, seen: { ...state.seen, ...seen } }, effects };
}

/** Each level forwards what it has not yet seen at its own stage (spec 3 §4). */
export function forwardFits(state: PipelineState, role: StaffRole): boolean {
  return role === 'Chairman'
    ? state.stage === 'StepOne' && !state.seen.chairman
    : state.stage === 'StepTwo' && !state.seen.uno;
}

/** The stages the Chairman, UNO and BADC each work at, in a pipeline. */
export type Levels = { chairman: Stage; uno: Stage; badc: Stage };

/** A forward: the Chairman's puts the request at the UNO's stage, the UNO's at BADC's (spec 3 §4). */
export function forward(state: PipelineState, role: StaffRole, levels: Levels): PipelineResult {
  return role === 'Chairman'
    ? moveTo(state, levels.uno, { chairman: true })
    : moveTo(state, levels.badc, { uno: true });
}

/** BADC's No on a renewal or change: declined, seen by BADC, the applicant texted (when ON). */
export function declineAtBadc(state: PipelineState): PipelineResult {
  return moveTo(state, 'Decline', { badc: true }, [{ kind: 'sms', message: 'declined' }]);
}

/**
 * The Admin's override (spec README: "an admin override is a transition too, with a reason"): any
 * stage of the request's own pipeline; the levels at and after the target see it anew, so it
 * reappears in the right unseen list. `levels` are the stages the Chairman, UNO and BADC work at.
 */
export function override(
  state: PipelineState,
  payload: AnyPayload,
  levels: Levels,
  stages: readonly Stage[],
  mayApprove: boolean,
): PipelineResult {
  const target = payload.toStage as Stage | undefined;
  if (!target) throw new TypeError('override needs payload.toStage');
  if (!stages.includes(target)) return { ok: false, reason: 'STAGE' };
  if (target === 'Approved' && !mayApprove) return { ok: false, reason: 'STAGE' };
  const at = stages.indexOf(target);
  const before = (level: Stage) => stages.indexOf(level) < at;
  const seen = { chairman: before(levels.chairman), uno: before(levels.uno), badc: before(levels.badc) };
  return { ok: true, next: { ...state, stage: target, seen }, effects: [] };
}
