import { expect } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../constants.js';
import type { StoredKind } from '../kinds/slots.js';
import type { ActionPayload } from '../schemas/review.js';
import { LICENCE_STATUSES, type LicenceStatus } from './licence.js';
import { allowedActions, applyAction, type PipelineEffect, type PipelineResult } from './pipeline.js';
import { ACTIONS, STAGES, type Action, type PipelineState, type SeenFlags, type Stage } from './types.js';

/**
 * The pipelines' rulebooks written out independently of the implementation (spec 3 §4 and
 * docs/decisions/021-review-engine-by-kind.md), and one exhaustive walk that holds an
 * implementation to a rulebook: every action × role × stage × licence status.
 */
export interface Rule {
  role: StaffRole;
  action: Action;
  at: Stage;
  /** The licence statuses the rule applies at (all when absent). */
  licence?: readonly (LicenceStatus | undefined)[];
  next: Stage;
  /** The seen flags the action sets; 'reset' is the override's rule (levels at and after the target see it anew). */
  seen?: Partial<SeenFlags> | 'reset';
  effects?: PipelineEffect[];
  /** The licence after the action, when the action changes it. */
  licenceAfter?: LicenceStatus;
}
/** A combination the role may take and the stage fits, refused for the licence's status (409). */
export interface LicenceRefusal {
  action: Action;
  at: Stage;
  licence: readonly (LicenceStatus | undefined)[];
}

/** Who may ever take each action: spec 3 §6 role by role, written out here, not read from the table. */
export const ACTORS: Record<Action, readonly StaffRole[]> = {
  forward: ['Chairman', 'UNO'],
  inspect: ['BADC'],
  requestRecheck: ['BADC'],
  decideFirst: ['BADC'],
  updateFinal: ['BADC'],
  approve: ['BADC'],
  decline: ['BADC'],
  decideRenewal: ['BADC'],
  decideChange: ['BADC'],
  override: ['Admin'],
};

const checks = Array.from({ length: 6 }, () => ({ ok: true, reason: undefined }));
const marks = Array.from({ length: 7 }, () => ({ ok: true, note: undefined }));
export const PAYLOAD: { [A in Action]: ActionPayload<A> } = {
  forward: {},
  inspect: { checklist: [{ ok: true, reason: undefined }], finalRemarks: undefined },
  requestRecheck: { on: true, message: 'দাগ নম্বর ঠিক করুন' },
  decideFirst: { approvable: true, reason: undefined },
  updateFinal: { approvable: undefined, remarks: 'ঠিক আছে' },
  approve: { termYears: 3, issuedOn: '2026-11-21', validFrom: '2026-11-21', validTo: '2029-11-21' },
  decline: { reason: 'জমির কাগজ সঠিক নয়' },
  decideRenewal: { checks, approve: true, issuedOn: '2026-11-21', validFrom: '2026-11-21', validTo: '2029-11-21' },
  decideChange: { marks, approve: true },
  override: { toStage: 'StepOne', reason: 'ভুল করে ফরোয়ার্ড হয়েছিল' },
};

/** The seen flags a request normally has at each stage: the levels before it have seen it. */
export function stateAt(
  kind: StoredKind,
  stage: Stage,
  levels: { uno: Stage; badc: Stage },
  order: readonly Stage[],
  licenceStatus?: LicenceStatus,
): PipelineState {
  const i = order.includes(stage) ? order.indexOf(stage) : order.length;
  const seen = { chairman: i > 0, uno: i > order.indexOf(levels.uno), badc: i > order.indexOf(levels.badc) };
  return { kind, stage, seen, ...(licenceStatus === undefined ? {} : { licenceStatus }) };
}

function expected(state: PipelineState, rule: Rule): PipelineResult {
  const seen: SeenFlags =
    rule.seen === 'reset' ? { chairman: false, uno: false, badc: false } : { ...state.seen, ...rule.seen };
  const licenceStatus = rule.licenceAfter ?? state.licenceStatus;
  return {
    ok: true,
    next: { ...state, stage: rule.next, seen, ...(licenceStatus === undefined ? {} : { licenceStatus }) },
    effects: rule.effects ?? [],
  };
}

/**
 * Walks one action over every stage (also stages foreign to the pipeline) × licence status ×
 * role of one kind: the rule's next state where a rule applies, LICENCE where the rulebook says
 * so, ROLE for a role that never takes the action, STAGE for everything else. allowedActions
 * agrees with the walk. Answers how many combinations were allowed, so a rulebook typo cannot turn
 * the walk into refusals only.
 */
export function walkAction(
  action: Action,
  kind: StoredKind,
  stateOf: (stage: Stage, licence?: LicenceStatus) => PipelineState,
  rules: readonly Rule[],
  licenceRefusals: readonly LicenceRefusal[] = [],
): number {
  let allowed = 0;
  for (const stage of STAGES) {
    for (const licence of [undefined, ...LICENCE_STATUSES]) {
      const state = stateOf(stage, licence);
      for (const role of STAFF_ROLES) {
        const where = `${kind}: ${role} ${action} at ${stage} (licence ${String(licence)})`;
        const result = applyAction(state, action, role, PAYLOAD[action]);
        const applies = (r: { at: Stage; licence?: readonly (LicenceStatus | undefined)[] }) =>
          r.at === stage && (!r.licence || r.licence.includes(licence));
        const rule = rules.find((r) => r.role === role && r.action === action && applies(r));
        const byLicence = licenceRefusals.find((r) => r.action === action && applies(r));
        if (!ACTORS[action].includes(role)) expect(result, where).toEqual({ ok: false, reason: 'ROLE' });
        else if (rule) {
          expect(result, where).toEqual(expected(state, rule));
          allowed += 1;
        } else if (byLicence) expect(result, where).toEqual({ ok: false, reason: 'LICENCE' });
        else expect(result, where).toEqual({ ok: false, reason: 'STAGE' });
        expect(allowedActions(state, role).includes(action), where).toBe(
          ACTORS[action].includes(role) && (!!rule || !!byLicence),
        );
      }
    }
  }
  return allowed;
}

export { ACTIONS };
