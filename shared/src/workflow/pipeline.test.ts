import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../constants.js';
import { LICENCE_STATUSES, type LicenceStatus } from './licence.js';
import { allowedActions, applyAction } from './pipeline.js';
import { ACTIONS, PAYLOAD, stateAt, walkAction, type Rule } from './rulebook.test-support.js';
import { STAGES, type PipelineState, type Stage } from './types.js';

/** The new-licence pipeline (New, Existing; spec 3 §4). */
const ORDER: Stage[] = [
  'StepOne',
  'StepTwo',
  'StepThree',
  'Pending',
  'Approvable',
  'NotApprovable',
  'Approved',
  'Decline',
];
const at = (stage: Stage, licence?: LicenceStatus, kind: 'New' | 'Existing' = 'New'): PipelineState =>
  stateAt(kind, stage, { uno: 'StepTwo', badc: 'StepThree' }, ORDER, licence);

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
    licenceAfter: 'active',
    effects: [
      { kind: 'issueLicence', termYears: 3, testing: false },
      { kind: 'sms', message: 'approved' },
    ],
  },
  { role: 'BADC', action: 'decline', at: 'Approvable', next: 'Decline', ...DECLINED },
  { role: 'BADC', action: 'decline', at: 'NotApprovable', next: 'Decline', ...DECLINED },
  // The override goes back to any stage of the pipeline; the walk sends it to StepOne from anywhere.
  ...STAGES.map((stage): Rule => ({ role: 'Admin', action: 'override', at: stage, next: 'StepOne', seen: 'reset' })),
];

describe('new-licence pipeline: every stage × licence × role, one action at a time', () => {
  it.each(ACTIONS)('%s: next stage, seen flags and effects where allowed, the right refusal elsewhere', (action) => {
    const allowed = walkAction(action, 'New', (stage, licence) => at(stage, licence), RULES);
    // The renewal and change decisions belong to other pipelines: refused everywhere here.
    if (action === 'decideRenewal' || action === 'decideChange') expect(allowed).toBe(0);
    else expect(allowed).toBeGreaterThan(0);
  });

  it('walks an existing-pump application and an Admin’s old record the same way', () => {
    for (const kind of ['Existing', 'Old'] as const)
      for (const stage of ORDER)
        for (const role of STAFF_ROLES)
          expect(allowedActions({ ...at(stage), kind }, role), `${kind} ${role} ${stage}`).toEqual(
            allowedActions(at(stage), role),
          );
  });

  it('leaves Pollibidut with nothing to do anywhere (read-only role)', () => {
    for (const stage of STAGES)
      for (const licence of [undefined, ...LICENCE_STATUSES])
        expect(allowedActions(at(stage, licence), 'Pollibidut')).toEqual([]);
  });

  it('has no licence actions and no Suspend stage any more: a suspended licence leaves its application Approved', () => {
    expect(STAGES).not.toContain('Suspend');
    expect(ACTIONS).not.toContain('suspend');
    expect(allowedActions(at('Approved', 'suspended'), 'BADC')).toEqual([]);
  });
});

describe('seen flags', () => {
  it('marks each level as seen when it acts', () => {
    let state = at('StepOne');
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
    expect(applyAction(state, 'inspect', 'BADC', PAYLOAD.inspect)).toMatchObject({
      ok: true,
      next: { stage: 'Pending', seen: { chairman: true, uno: true, badc: true } },
    });
  });

  it('refuses a second forward of an application the level has already seen', () => {
    const seenByChairman: PipelineState = {
      kind: 'New',
      stage: 'StepOne',
      seen: { chairman: true, uno: false, badc: false },
    };
    expect(applyAction(seenByChairman, 'forward', 'Chairman', {})).toEqual({ ok: false, reason: 'STAGE' });
    const seenByUno: PipelineState = {
      kind: 'New',
      stage: 'StepTwo',
      seen: { chairman: true, uno: true, badc: false },
    };
    expect(applyAction(seenByUno, 'forward', 'UNO', {})).toEqual({ ok: false, reason: 'STAGE' });
  });
});

describe('decisions', () => {
  it('sends a pending application to approvable or not approvable by the first decision', () => {
    expect(
      applyAction(at('Pending'), 'decideFirst', 'BADC', { approvable: false, reason: 'কাগজ অসম্পূর্ণ' }),
    ).toMatchObject({
      ok: true,
      next: { stage: 'NotApprovable' },
    });
  });

  it('lets the final update flip approvable and not approvable both ways', () => {
    const upd = (approvable: boolean) => ({ approvable, remarks: undefined });
    expect(applyAction(at('Approvable'), 'updateFinal', 'BADC', upd(false))).toMatchObject({
      next: { stage: 'NotApprovable' },
    });
    expect(applyAction(at('NotApprovable'), 'updateFinal', 'BADC', upd(true))).toMatchObject({
      next: { stage: 'Approvable' },
    });
  });

  it.each([
    [3, false],
    [2, false],
    [1, true],
  ] as const)('issues a %i-year licence (testing: %s) and texts the applicant on approval', (termYears, testing) => {
    expect(applyAction(at('Approvable'), 'approve', 'BADC', { ...PAYLOAD.approve, termYears })).toEqual({
      ok: true,
      next: { ...at('Approved'), licenceStatus: testing ? 'testing' : 'active' },
      effects: [
        { kind: 'issueLicence', termYears, testing },
        { kind: 'sms', message: 'approved' },
      ],
    });
  });

  it('texts a recheck request only when it is switched on, and a decline always', () => {
    expect(applyAction(at('Pending'), 'requestRecheck', 'BADC', { on: true, message: 'x' })).toMatchObject({
      effects: [{ kind: 'sms', message: 'recheck' }],
    });
    expect(applyAction(at('Pending'), 'requestRecheck', 'BADC', { on: false, message: undefined })).toMatchObject({
      effects: [],
    });
    expect(applyAction(at('NotApprovable'), 'decline', 'BADC', PAYLOAD.decline)).toMatchObject({
      next: { stage: 'Decline' },
      effects: [{ kind: 'sms', message: 'declined' }],
    });
  });
});

describe('admin override', () => {
  it('sends an application back to a level as unseen there, so it reappears in that unseen queue', () => {
    expect(applyAction(at('Pending'), 'override', 'Admin', { toStage: 'StepTwo', reason: 'আবার দেখুন' })).toEqual({
      ok: true,
      next: { ...at('Pending'), stage: 'StepTwo', seen: { chairman: true, uno: false, badc: false } },
      effects: [],
    });
  });

  it('refuses Approved without an issued licence, allows it with one, and never touches the licence', () => {
    expect(applyAction(at('Pending'), 'override', 'Admin', { toStage: 'Approved', reason: 'x' })).toEqual({
      ok: false,
      reason: 'STAGE',
    });
    expect(applyAction(at('Decline', 'suspended'), 'override', 'Admin', { toStage: 'Approved', reason: 'x' })).toEqual({
      ok: true,
      next: at('Approved', 'suspended'),
      effects: [],
    });
  });
});
