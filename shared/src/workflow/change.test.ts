import { describe, expect, it } from 'vitest';
import type { LicenceStatus } from './licence.js';
import { applyAction } from './pipeline.js';
import { ACTIONS, PAYLOAD, stateAt, walkAction, type Rule } from './rulebook.test-support.js';
import { STAGES, type PipelineState, type Stage } from './types.js';

/** The change pipeline (NameChange, PlotChange; spec 3 §2 change queues, §4 "Change"). */
const ORDER: Stage[] = ['StepOne', 'StepTwo', 'Pending', 'Approved', 'Decline'];
const at =
  (kind: 'NameChange' | 'PlotChange') =>
  (stage: Stage, licence?: LicenceStatus): PipelineState =>
    stateAt(kind, stage, { uno: 'StepTwo', badc: 'Pending' }, ORDER, licence);

const rules = (effect: 'changeName' | 'changePlot'): Rule[] => [
  { role: 'Chairman', action: 'forward', at: 'StepOne', next: 'StepTwo', seen: { chairman: true } },
  { role: 'UNO', action: 'forward', at: 'StepTwo', next: 'Pending', seen: { uno: true } },
  {
    role: 'BADC',
    action: 'decideChange',
    at: 'Pending',
    next: 'Approved',
    seen: { badc: true },
    effects: [{ kind: effect }, { kind: 'sms', message: 'approved' }],
  },
  ...STAGES.map((stage): Rule => ({ role: 'Admin', action: 'override', at: stage, next: 'StepOne', seen: 'reset' })),
];

describe.each([
  ['NameChange', 'changeName'],
  ['PlotChange', 'changePlot'],
] as const)('%s pipeline: every stage × licence × role, one action at a time', (kind, effect) => {
  it.each(ACTIONS)('%s: next stage, seen flags and effects where allowed, the right refusal elsewhere', (action) => {
    const allowed = walkAction(action, kind, at(kind), rules(effect));
    if (['forward', 'decideChange', 'override'].includes(action)) expect(allowed).toBeGreaterThan(0);
    else expect(allowed).toBe(0);
  });

  it('declines with or without a reason, texting the applicant', () => {
    for (const reason of ['দলিল মেলেনি', undefined]) {
      expect(
        applyAction(at(kind)('Pending'), 'decideChange', 'BADC', {
          marks: PAYLOAD.decideChange.marks,
          approve: false,
          reason,
        }),
      ).toEqual({
        ok: true,
        next: { ...at(kind)('Pending'), stage: 'Decline', seen: { chairman: true, uno: true, badc: true } },
        effects: [{ kind: 'sms', message: 'declined' }],
      });
    }
  });
});

describe('change: the UNO’s forward goes straight to BADC’s pending list', () => {
  it('has no StepThree and no BADC unseen level', () => {
    const r = applyAction(at('NameChange')('StepTwo'), 'forward', 'UNO', {});
    expect(r).toMatchObject({ ok: true, next: { stage: 'Pending', seen: { chairman: true, uno: true, badc: false } } });
    expect(applyAction(at('NameChange')('StepThree'), 'decideChange', 'BADC', PAYLOAD.decideChange)).toEqual({
      ok: false,
      reason: 'STAGE',
    });
  });
});
