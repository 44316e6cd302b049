import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../constants.js';
import type { LicenceStatus } from './licence.js';
import { allowedActions, applyAction } from './pipeline.js';
import { ACTIONS, PAYLOAD, stateAt, walkAction, type Rule } from './rulebook.test-support.js';
import { STAGES, type PipelineState, type Stage } from './types.js';

/** The renewal pipeline (spec 3 §4 "Renewal"). */
const ORDER: Stage[] = ['StepOne', 'StepTwo', 'StepThree', 'Approved', 'Decline'];
const at = (stage: Stage, licence?: LicenceStatus): PipelineState =>
  stateAt('Renew', stage, { uno: 'StepTwo', badc: 'StepThree' }, ORDER, licence);

const RENEWABLE = ['active', 'expired'] as const;
const RULES: Rule[] = [
  { role: 'Chairman', action: 'forward', at: 'StepOne', next: 'StepTwo', seen: { chairman: true } },
  { role: 'UNO', action: 'forward', at: 'StepTwo', next: 'StepThree', seen: { uno: true } },
  {
    role: 'BADC',
    action: 'decideRenewal',
    at: 'StepThree',
    licence: RENEWABLE,
    next: 'Approved',
    seen: { badc: true },
    effects: [{ kind: 'addPeriod' }, { kind: 'sms', message: 'approved' }],
  },
  ...STAGES.map((stage): Rule => ({ role: 'Admin', action: 'override', at: stage, next: 'StepOne', seen: 'reset' })),
];
// A suspended licence is reactivated first; a testing one is confirmed on its licence list; no licence, no renewal.
const REFUSED = [{ action: 'decideRenewal', at: 'StepThree', licence: [undefined, 'testing', 'suspended'] }] as const;

describe('renewal pipeline: every stage × licence × role, one action at a time', () => {
  it.each(ACTIONS)('%s: next stage, seen flags and effects where allowed, the right refusal elsewhere', (action) => {
    const allowed = walkAction(action, 'Renew', at, RULES, REFUSED);
    if (['forward', 'decideRenewal', 'override'].includes(action)) expect(allowed).toBeGreaterThan(0);
    else expect(allowed).toBe(0);
  });

  it('declines with the reason texted, whatever the licence’s status', () => {
    for (const licence of [undefined, 'testing', 'active', 'expired', 'suspended'] as const) {
      expect(
        applyAction(at('StepThree', licence), 'decideRenewal', 'BADC', {
          checks: PAYLOAD.decideRenewal.checks,
          approve: false,
          reason: 'জমা রশিদ পাওয়া যায়নি',
        }),
      ).toEqual({
        ok: true,
        next: { ...at('StepThree', licence), stage: 'Decline', seen: { chairman: true, uno: true, badc: true } },
        effects: [{ kind: 'sms', message: 'declined' }],
      });
    }
  });

  it('goes through the three levels, each marked seen', () => {
    let state = at('StepOne', 'expired');
    for (const [role, action, stage] of [
      ['Chairman', 'forward', 'StepTwo'],
      ['UNO', 'forward', 'StepThree'],
      ['BADC', 'decideRenewal', 'Approved'],
    ] as const) {
      const r = applyAction(state, action, role, PAYLOAD[action]);
      expect(r).toMatchObject({ ok: true, next: { stage } });
      if (r.ok) state = r.next;
    }
    expect(state.seen).toEqual({ chairman: true, uno: true, badc: true });
  });

  it('never lets the Admin set a renewal to Approved (no period would be added)', () => {
    expect(applyAction(at('Decline', 'active'), 'override', 'Admin', { toStage: 'Approved', reason: 'x' })).toEqual({
      ok: false,
      reason: 'STAGE',
    });
    expect(applyAction(at('Decline', 'active'), 'override', 'Admin', { toStage: 'Pending', reason: 'x' })).toEqual({
      ok: false,
      reason: 'STAGE',
    });
    expect(
      applyAction(at('Decline', 'active'), 'override', 'Admin', { toStage: 'StepThree', reason: 'x' }),
    ).toMatchObject({
      ok: true,
      next: { stage: 'StepThree', seen: { chairman: true, uno: true, badc: false } },
    });
  });

  it('gives Pollibidut nothing to do', () => {
    for (const stage of ORDER) expect(allowedActions(at(stage, 'active'), 'Pollibidut')).toEqual([]);
    expect(STAFF_ROLES).toContain('Pollibidut');
  });
});
