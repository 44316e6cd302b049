import type { Stage } from './types.js';
import { declineAtBadc, forward, forwardFits, moveTo, override, type Pipeline } from './result.js';

/**
 * The renewal pipeline (spec 3 §4 "Renewal"; §2 "Renewal queues"): the Chairman and the UNO
 * forward it, BADC checks the six documents and approves (the licence gets a new validity period)
 * or declines. Only a licence that is active or expired is renewed: a suspended one must be
 * reactivated first, a testing one is confirmed on its licence list (./licence.ts).
 */
const STAGES = ['StepOne', 'StepTwo', 'StepThree', 'Approved', 'Decline'] as const satisfies readonly Stage[];
const LEVELS = { chairman: 'StepOne', uno: 'StepTwo', badc: 'StepThree' } as const;

export const renewalPipeline: Pipeline = {
  stages: STAGES,
  fits(state, action, role) {
    switch (action) {
      case 'forward':
        return forwardFits(state, role);
      case 'decideRenewal':
        return state.stage === 'StepThree';
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
      case 'decideRenewal':
        if (typeof p.approve !== 'boolean') throw new TypeError('decideRenewal needs payload.approve');
        if (!p.approve) return declineAtBadc(state);
        if (state.licenceStatus !== 'active' && state.licenceStatus !== 'expired')
          return { ok: false, reason: 'LICENCE' };
        return moveTo(state, 'Approved', { badc: true }, [{ kind: 'addPeriod' }, { kind: 'sms', message: 'approved' }]);
      case 'override':
        // Approved would claim a period was added that never was.
        return override(state, p, LEVELS, STAGES, false);
      default:
        throw new TypeError(`${action} is not a renewal action`);
    }
  },
};
