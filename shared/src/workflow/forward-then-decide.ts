import type { Action, PipelineState, Stage } from './types.js';
import {
  declineAtBadc,
  forward,
  forwardFits,
  moveTo,
  override,
  type Levels,
  type Pipeline,
  type PipelineEffect,
  type PipelineResult,
} from './result.js';

/**
 * The shape the renewal and change pipelines share (docs/decisions/021-review-engine-by-kind.md):
 * the Chairman and the UNO forward, then BADC takes one decision at its own stage, No declining
 * and Yes approving with the kind's effects. The Admin may override to any stage but Approved,
 * which would claim an effect on the licence that never happened.
 */
export function forwardThenDecide(spec: {
  /** What the pipeline is called in an error for an action it does not take. */
  name: string;
  stages: readonly Stage[];
  levels: Levels;
  decision: Extract<Action, 'decideRenewal' | 'decideChange'>;
  /** BADC's Yes: the effects of approval, or a refusal (e.g. a licence that cannot be renewed). */
  approve: (state: PipelineState) => PipelineEffect[] | PipelineResult;
}): Pipeline {
  return {
    stages: spec.stages,
    fits(state, action, role) {
      if (action === 'forward') return forwardFits(state, role);
      if (action === spec.decision) return state.stage === spec.levels.badc;
      return action === 'override';
    },
    apply(state, action, role, p) {
      if (action === 'forward') return forward(state, role, spec.levels);
      if (action === 'override') return override(state, p, spec.levels, spec.stages, false);
      if (action !== spec.decision) throw new TypeError(`${action} is not a ${spec.name} action`);
      if (typeof p.approve !== 'boolean') throw new TypeError(`${spec.decision} needs payload.approve`);
      if (!p.approve) return declineAtBadc(state);
      const approved = spec.approve(state);
      if (!Array.isArray(approved)) return approved;
      return moveTo(state, 'Approved', { badc: true }, [...approved, { kind: 'sms', message: 'approved' }]);
    },
  };
}
