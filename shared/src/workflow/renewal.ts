import type { Stage } from './types.js';
import { forwardThenDecide } from './forward-then-decide.js';

/**
 * The renewal pipeline (spec 3 §4 "Renewal"; §2 "Renewal queues"): the Chairman and the UNO
 * forward it, BADC checks the six documents and approves (the licence gets a new validity period)
 * or declines. Only a licence that is active or expired is renewed: a suspended one must be
 * reactivated first, a testing one is confirmed on its licence list (./licence.ts).
 */
export const renewalPipeline = forwardThenDecide({
  name: 'renewal',
  stages: ['StepOne', 'StepTwo', 'StepThree', 'Approved', 'Decline'] as const satisfies readonly Stage[],
  levels: { chairman: 'StepOne', uno: 'StepTwo', badc: 'StepThree' },
  decision: 'decideRenewal',
  approve: (state) =>
    state.licenceStatus === 'active' || state.licenceStatus === 'expired'
      ? [{ kind: 'addPeriod' }]
      : { ok: false, reason: 'LICENCE' },
});
