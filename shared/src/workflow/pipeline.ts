import { ACTION_PERMISSION, can } from '../access.js';
import type { ActionPayload } from '../schemas/review.js';
import { ACTIONS, type Action, type PipelineState, type SeenFlags, type Stage, type StaffRole } from './types.js';

/**
 * The review pipeline as one explicit state machine (spec README, "Where the documents leave a
 * gap"; spec 3 §4). Pure: the server applies the result in one transaction against the version the
 * officer saw, writes an audit row, and carries out the effects (licence rows, text messages).
 * The client uses allowedActions to show only the buttons that will be accepted.
 */

/** What the server must do besides storing the next state. */
export type PipelineEffect =
  | { kind: 'issueLicence'; termYears: 1 | 2 | 3; testing: boolean }
  | { kind: 'suspendLicence' }
  | { kind: 'reactivateLicence' }
  | { kind: 'confirmTestingLicence' }
  /** An Admin override onto Approved or Suspend keeps the licence's own status in step. */
  | { kind: 'setLicenceStatus'; status: 'active' | 'suspended' }
  /** A text message to the applicant; sent only when its site setting is ON (spec 3 §3 baseData). */
  | { kind: 'sms'; message: 'recheck' | 'approved' | 'declined' | 'suspended' };

export type Refusal = 'ROLE' | 'STAGE';
export type PipelineResult =
  { ok: true; next: PipelineState; effects: PipelineEffect[] } | { ok: false; reason: Refusal };

/** Whether the action fits the current stage for this role (the role is already known to be an actor). */
function fitsStage(state: PipelineState, action: Action, role: StaffRole): boolean {
  const { stage, seen } = state;
  switch (action) {
    case 'forward':
      // Each level forwards what it has not yet seen at its own stage (spec 3 §4).
      return role === 'Chairman' ? stage === 'StepOne' && !seen.chairman : stage === 'StepTwo' && !seen.uno;
    case 'inspect':
      return stage === 'StepThree';
    case 'requestRecheck':
      return stage === 'Pending' || stage === 'Approvable' || stage === 'NotApprovable';
    case 'decideFirst':
      return stage === 'Pending';
    case 'updateFinal':
    case 'decline':
      return stage === 'Approvable' || stage === 'NotApprovable';
    case 'approve':
      return stage === 'Approvable';
    case 'suspend':
      return stage === 'Approved';
    case 'reactivate':
      return stage === 'Suspend';
    case 'confirmTesting':
      return stage === 'Approved' && state.testingLicence === true;
    case 'override':
      return true;
  }
}

/**
 * Which role may ever take each action is the permission table's answer (shared/src/access.ts,
 * ACTION_PERMISSION); any other role is refused with ROLE (403), then the stage must fit.
 */
function check(state: PipelineState, action: Action, role: StaffRole): Refusal | null {
  if (!can(role, ACTION_PERMISSION[action])) return 'ROLE';
  return fitsStage(state, action, role) ? null : 'STAGE';
}

/**
 * Seen flags that match a stage an Admin sets by hand: the levels before it have seen the
 * application, its own level and later ones have not, so it reappears in the right unseen queue.
 */
function seenForStage(stage: Stage): SeenFlags {
  if (stage === 'StepOne') return { chairman: false, uno: false, badc: false };
  if (stage === 'StepTwo') return { chairman: true, uno: false, badc: false };
  if (stage === 'StepThree') return { chairman: true, uno: true, badc: false };
  return { chairman: true, uno: true, badc: true };
}

export function applyAction<A extends Action>(
  state: PipelineState,
  action: A,
  role: StaffRole,
  payload?: ActionPayload<A>,
): PipelineResult {
  const refused = check(state, action, role);
  if (refused) return { ok: false, reason: refused };
  const p = (payload ?? {}) as Partial<ActionPayload<Action>> & Record<string, unknown>;
  const to = (
    stage: Stage,
    seen: Partial<SeenFlags> = {},
    effects: PipelineEffect[] = [],
    testingLicence = state.testingLicence,
  ) => ({
    ok: true as const,
    next: { stage, seen: { ...state.seen, ...seen }, ...(testingLicence === undefined ? {} : { testingLicence }) },
    effects,
  });

  switch (action as Action) {
    case 'forward':
      return role === 'Chairman' ? to('StepTwo', { chairman: true }) : to('StepThree', { uno: true });
    case 'inspect':
      return to('Pending', { badc: true });
    case 'requestRecheck':
      return to(state.stage, {}, p.on === true ? [{ kind: 'sms', message: 'recheck' }] : []);
    case 'decideFirst':
      if (typeof p.approvable !== 'boolean') throw new TypeError('decideFirst needs payload.approvable');
      return to(p.approvable ? 'Approvable' : 'NotApprovable');
    case 'updateFinal':
      if (typeof p.approvable !== 'boolean') return to(state.stage);
      return to(p.approvable ? 'Approvable' : 'NotApprovable');
    case 'approve': {
      const termYears = p.termYears as 1 | 2 | 3 | undefined;
      if (!termYears) throw new TypeError('approve needs payload.termYears');
      const testing = termYears === 1;
      return to(
        'Approved',
        {},
        [
          { kind: 'issueLicence', termYears, testing },
          { kind: 'sms', message: 'approved' },
        ],
        testing,
      );
    }
    case 'decline':
      return to('Decline', {}, [{ kind: 'sms', message: 'declined' }]);
    case 'suspend':
      return to('Suspend', {}, [{ kind: 'suspendLicence' }, { kind: 'sms', message: 'suspended' }]);
    case 'reactivate':
      return to('Approved', {}, [{ kind: 'reactivateLicence' }]);
    case 'confirmTesting':
      return to('Approved', {}, [{ kind: 'confirmTestingLicence' }], false);
    case 'override': {
      const target = p.toStage as Stage | undefined;
      if (!target) throw new TypeError('override needs payload.toStage');
      const onLicence = target === 'Approved' || target === 'Suspend';
      // Approved and Suspend describe a licence; without one those stages would be a lie.
      if (onLicence && state.testingLicence === undefined) return { ok: false, reason: 'STAGE' };
      const effects: PipelineEffect[] = onLicence
        ? [{ kind: 'setLicenceStatus', status: target === 'Approved' ? 'active' : 'suspended' }]
        : [];
      return { ok: true, next: { ...state, stage: target, seen: seenForStage(target) }, effects };
    }
  }
}

/** The actions this role may take now (payload-dependent refusals aside, e.g. override onto Approved). */
export function allowedActions(state: PipelineState, role: StaffRole): Action[] {
  return ACTIONS.filter((a) => check(state, a, role) === null);
}
