import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../constants.js';
import type { ActionPayload } from '../schemas/review.js';
import { allowedActions, applyAction, type PipelineEffect, type PipelineResult } from './pipeline.js';
import { ACTIONS, STAGES, type Action, type PipelineState, type SeenFlags, type Stage } from './types.js';

/** The seen flags an application normally has at each stage. */
function stateAt(stage: Stage, testingLicence?: boolean): PipelineState {
  const i = STAGES.indexOf(stage);
  return {
    stage,
    seen: { chairman: i >= 1, uno: i >= 2, badc: i >= 3 },
    ...(testingLicence === undefined ? {} : { testingLicence }),
  };
}

/** Every state the exhaustive walk visits: each stage, with and without a (testing) licence where one can exist. */
const STATES: PipelineState[] = STAGES.flatMap((stage) =>
  stage === 'Approved' || stage === 'Suspend'
    ? [stateAt(stage, true), stateAt(stage, false)]
    : [stateAt(stage), stateAt(stage, false)],
);

const PAYLOAD: { [A in Action]: ActionPayload<A> } = {
  forward: {},
  inspect: {
    checklist: [{ ok: true, reason: undefined }],
    finalRemarks: undefined,
    latitude: undefined,
    longitude: undefined,
  },
  requestRecheck: { on: true, message: 'দাগ নম্বর ঠিক করুন' },
  decideFirst: { approvable: true, reason: undefined },
  updateFinal: { approvable: undefined, remarks: 'ঠিক আছে', latitude: undefined, longitude: undefined },
  approve: { termYears: 3, issuedOn: '2026-11-21', validFrom: '2026-11-21', validTo: '2029-11-21' },
  decline: { reason: 'জমির কাগজ সঠিক নয়' },
  suspend: { note: 'নিয়ম ভঙ্গ' },
  reactivate: { validFrom: '2026-11-21', validTo: '2029-11-21' },
  confirmTesting: {},
  override: { toStage: 'StepOne', reason: 'ভুল করে ফরোয়ার্ড হয়েছিল' },
};

/**
 * The whole rulebook written out independently of the implementation (spec 3 §4 and the task):
 * role, action, the stage it is taken at (plus a licence condition) → the next stage, the seen
 * flags the action sets, the effects it asks the server for, and the licence it leaves.
 * `seen: 'reset'` is the override's rule: the levels at and after the target stage see it anew.
 */
type Rule = {
  role: StaffRole;
  action: Action;
  at: Stage;
  testing?: boolean;
  next: Stage;
  seen?: Partial<SeenFlags> | 'reset';
  effects?: PipelineEffect[];
  /** The licence after the action, when the action changes it. */
  testingAfter?: boolean;
};
const RECHECK: Pick<Rule, 'effects'> = { effects: [{ kind: 'sms', message: 'recheck' }] };
const DECLINED: Pick<Rule, 'effects'> = { effects: [{ kind: 'sms', message: 'declined' }] };
const RULES: Rule[] = [
  { role: 'Chairman', action: 'forward', at: 'StepOne', next: 'StepTwo', seen: { chairman: true } },
  { role: 'UNO', action: 'forward', at: 'StepTwo', next: 'StepThree', seen: { uno: true } },
  { role: 'BADC', action: 'inspect', at: 'StepThree', next: 'Pending', seen: { badc: true } },
  { role: 'BADC', action: 'requestRecheck', at: 'Pending', next: 'Pending', ...RECHECK },
  { role: 'BADC', action: 'requestRecheck', at: 'Approvable', next: 'Approvable', ...RECHECK },
  { role: 'BADC', action: 'requestRecheck', at: 'NotApprovable', next: 'NotApprovable', ...RECHECK },
  { role: 'BADC', action: 'decideFirst', at: 'Pending', next: 'Approvable' },
  { role: 'BADC', action: 'updateFinal', at: 'Approvable', next: 'Approvable' },
  { role: 'BADC', action: 'updateFinal', at: 'NotApprovable', next: 'NotApprovable' },
  {
    role: 'BADC',
    action: 'approve',
    at: 'Approvable',
    next: 'Approved',
    testingAfter: false,
    effects: [
      { kind: 'issueLicence', termYears: 3, testing: false },
      { kind: 'sms', message: 'approved' },
    ],
  },
  { role: 'BADC', action: 'decline', at: 'Approvable', next: 'Decline', ...DECLINED },
  { role: 'BADC', action: 'decline', at: 'NotApprovable', next: 'Decline', ...DECLINED },
  {
    role: 'BADC',
    action: 'suspend',
    at: 'Approved',
    next: 'Suspend',
    effects: [{ kind: 'suspendLicence' }, { kind: 'sms', message: 'suspended' }],
  },
  { role: 'BADC', action: 'reactivate', at: 'Suspend', next: 'Approved', effects: [{ kind: 'reactivateLicence' }] },
  {
    role: 'BADC',
    action: 'confirmTesting',
    at: 'Approved',
    testing: true,
    next: 'Approved',
    testingAfter: false,
    effects: [{ kind: 'confirmTestingLicence' }],
  },
  ...STAGES.map((at): Rule => ({ role: 'Admin', action: 'override', at, next: 'StepOne', seen: 'reset' })),
];
const ACTORS: Record<Action, StaffRole[]> = Object.fromEntries(
  ACTIONS.map((a) => [a, [...new Set(RULES.filter((r) => r.action === a).map((r) => r.role))]]),
) as Record<Action, StaffRole[]>;

function ruleFor(state: PipelineState, action: Action, role: StaffRole): Rule | undefined {
  return RULES.find(
    (r) =>
      r.role === role &&
      r.action === action &&
      r.at === state.stage &&
      (r.testing === undefined || r.testing === state.testingLicence),
  );
}

/** The whole next state and effects the rulebook expects, to compare with the implementation's answer. */
function expected(state: PipelineState, rule: Rule): PipelineResult {
  const seen: SeenFlags =
    rule.seen === 'reset' ? { chairman: false, uno: false, badc: false } : { ...state.seen, ...rule.seen };
  const testingLicence = rule.testingAfter ?? state.testingLicence;
  return {
    ok: true,
    next: { stage: rule.next, seen, ...(testingLicence === undefined ? {} : { testingLicence }) },
    effects: rule.effects ?? [],
  };
}

/**
 * One test per action, each walking every state × role: the walk is exhaustive, the count of
 * tests stays the count of rules a person would name (issue 7: honest figures).
 */
describe('applyAction: every stage × role, one action at a time', () => {
  it.each(ACTIONS)('%s: next stage, seen flags and effects where allowed, the right refusal elsewhere', (action) => {
    let allowed = 0;
    for (const state of STATES) {
      for (const role of STAFF_ROLES) {
        const where = `${role} ${action} at ${state.stage} (testing licence: ${String(state.testingLicence)})`;
        const result = applyAction(state, action, role, PAYLOAD[action]);
        const rule = ruleFor(state, action, role);
        if (!ACTORS[action].includes(role)) expect(result, where).toEqual({ ok: false, reason: 'ROLE' });
        else if (!rule) expect(result, where).toEqual({ ok: false, reason: 'STAGE' });
        else {
          expect(result, where).toEqual(expected(state, rule));
          allowed += 1;
        }
        expect(allowedActions(state, role).includes(action), where).toBe(result.ok);
      }
    }
    // Every action is allowed somewhere: a rulebook typo cannot turn this walk into refusals only.
    expect(allowed).toBeGreaterThan(0);
  });

  it('leaves Pollibidut with nothing to do anywhere (read-only role)', () => {
    for (const state of STATES) expect(allowedActions(state, 'Pollibidut')).toEqual([]);
  });
});

describe('seen flags', () => {
  it('marks each level as seen when it acts', () => {
    let state = stateAt('StepOne');
    const chairman = applyAction(state, 'forward', 'Chairman', {});
    expect(chairman).toMatchObject({
      ok: true,
      next: { stage: 'StepTwo', seen: { chairman: true, uno: false, badc: false } },
    });
    state = chairman.ok ? chairman.next : state;
    const uno = applyAction(state, 'forward', 'UNO', {});
    expect(uno).toMatchObject({
      ok: true,
      next: { stage: 'StepThree', seen: { chairman: true, uno: true, badc: false } },
    });
    state = uno.ok ? uno.next : state;
    const badc = applyAction(state, 'inspect', 'BADC', PAYLOAD.inspect);
    expect(badc).toMatchObject({
      ok: true,
      next: { stage: 'Pending', seen: { chairman: true, uno: true, badc: true } },
    });
  });

  it('refuses a second forward of an application the level has already seen', () => {
    const seenByChairman: PipelineState = { stage: 'StepOne', seen: { chairman: true, uno: false, badc: false } };
    expect(applyAction(seenByChairman, 'forward', 'Chairman', {})).toEqual({ ok: false, reason: 'STAGE' });
    const seenByUno: PipelineState = { stage: 'StepTwo', seen: { chairman: true, uno: true, badc: false } };
    expect(applyAction(seenByUno, 'forward', 'UNO', {})).toEqual({ ok: false, reason: 'STAGE' });
  });
});

describe('decisions and licences', () => {
  it('sends a pending application to approvable or not approvable by the first decision', () => {
    expect(
      applyAction(stateAt('Pending'), 'decideFirst', 'BADC', { approvable: false, reason: 'কাগজ অসম্পূর্ণ' }),
    ).toMatchObject({
      ok: true,
      next: { stage: 'NotApprovable' },
    });
  });

  it('lets the final update flip approvable and not approvable both ways', () => {
    const upd = (approvable: boolean) => ({
      approvable,
      remarks: undefined,
      latitude: undefined,
      longitude: undefined,
    });
    expect(applyAction(stateAt('Approvable'), 'updateFinal', 'BADC', upd(false))).toMatchObject({
      next: { stage: 'NotApprovable' },
    });
    expect(applyAction(stateAt('NotApprovable'), 'updateFinal', 'BADC', upd(true))).toMatchObject({
      next: { stage: 'Approvable' },
    });
  });

  it.each([
    [3, false],
    [2, false],
    [1, true],
  ] as const)('issues a %i-year licence (testing: %s) and texts the applicant on approval', (termYears, testing) => {
    const result = applyAction(stateAt('Approvable'), 'approve', 'BADC', { ...PAYLOAD.approve, termYears });
    expect(result).toEqual({
      ok: true,
      next: { ...stateAt('Approved'), testingLicence: testing },
      effects: [
        { kind: 'issueLicence', termYears, testing },
        { kind: 'sms', message: 'approved' },
      ],
    });
  });

  it('turns a testing licence into a regular one, and only a testing licence', () => {
    const result = applyAction(stateAt('Approved', true), 'confirmTesting', 'BADC', {});
    expect(result).toEqual({
      ok: true,
      next: stateAt('Approved', false),
      effects: [{ kind: 'confirmTestingLicence' }],
    });
    expect(applyAction(stateAt('Approved', false), 'confirmTesting', 'BADC', {})).toEqual({
      ok: false,
      reason: 'STAGE',
    });
  });

  it('suspends and reactivates the licence, texting the applicant about the suspension', () => {
    expect(applyAction(stateAt('Approved', false), 'suspend', 'BADC', PAYLOAD.suspend)).toMatchObject({
      next: { stage: 'Suspend' },
      effects: [{ kind: 'suspendLicence' }, { kind: 'sms', message: 'suspended' }],
    });
    expect(applyAction(stateAt('Suspend', false), 'reactivate', 'BADC', PAYLOAD.reactivate)).toMatchObject({
      next: { stage: 'Approved' },
      effects: [{ kind: 'reactivateLicence' }],
    });
  });

  it('texts a recheck request only when it is switched on, and a decline always', () => {
    expect(applyAction(stateAt('Pending'), 'requestRecheck', 'BADC', { on: true, message: 'x' })).toMatchObject({
      effects: [{ kind: 'sms', message: 'recheck' }],
    });
    expect(applyAction(stateAt('Pending'), 'requestRecheck', 'BADC', { on: false, message: undefined })).toMatchObject({
      effects: [],
    });
    expect(applyAction(stateAt('NotApprovable'), 'decline', 'BADC', PAYLOAD.decline)).toMatchObject({
      next: { stage: 'Decline' },
      effects: [{ kind: 'sms', message: 'declined' }],
    });
  });
});

describe('admin override', () => {
  it('sends an application back to a level as unseen there, so it reappears in that unseen queue', () => {
    const result = applyAction(stateAt('Pending'), 'override', 'Admin', { toStage: 'StepTwo', reason: 'আবার দেখুন' });
    expect(result).toMatchObject({
      ok: true,
      next: { stage: 'StepTwo', seen: { chairman: true, uno: false, badc: false } },
      effects: [],
    });
  });

  it('refuses Approved or Suspend without a licence, and keeps the licence status in step with one', () => {
    expect(applyAction(stateAt('Pending'), 'override', 'Admin', { toStage: 'Approved', reason: 'x' })).toEqual({
      ok: false,
      reason: 'STAGE',
    });
    expect(
      applyAction(stateAt('Approved', false), 'override', 'Admin', { toStage: 'Suspend', reason: 'x' }),
    ).toMatchObject({
      ok: true,
      next: { stage: 'Suspend', testingLicence: false },
      effects: [{ kind: 'setLicenceStatus', status: 'suspended' }],
    });
  });
});
