import type { Stage } from './types.js';
import { declineAtBadc, forward, forwardFits, moveTo, override, type Pipeline } from './result.js';

/**
 * The change pipeline (NameChange and PlotChange; spec 3 §2 "Change-application queues", §4
 * "Change"): the Chairman and the UNO forward it, the UNO's forward puts it on BADC's pending list,
 * where BADC marks the seven files and approves (the licence's holder name or dag number changes,
 * the old value kept in its history) or declines.
 */
const STAGES = ['StepOne', 'StepTwo', 'Pending', 'Approved', 'Decline'] as const satisfies readonly Stage[];
const LEVELS = { chairman: 'StepOne', uno: 'StepTwo', badc: 'Pending' } as const;

export const changePipeline: Pipeline = {
  stages: STAGES,
  fits(state, action, role) {
    switch (action) {
      case 'forward':
        return forwardFits(state, role);
      case 'decideChange':
        return state.stage === 'Pending';
      case 'override':
        return true;
      default:
        return false;
    }
  },
  apply(state, action, role, p) {
    switch (action) {
      case 'forward':
        return forward(state, role, LEVELS);
      case 'decideChange':
        if (typeof p.approve !== 'boolean') throw new TypeError('decideChange needs payload.approve');
        if (!p.approve) return declineAtBadc(state);
        return moveTo(state, 'Approved', { badc: true }, [
          { kind: state.kind === 'PlotChange' ? 'changePlot' : 'changeName' },
          { kind: 'sms', message: 'approved' },
        ]);
      case 'override':
        // Approved would claim the licence was changed when it was not.
        return override(state, p, LEVELS, STAGES, false);
      default:
        throw new TypeError(`${action} is not a change action`);
    }
  },
};
