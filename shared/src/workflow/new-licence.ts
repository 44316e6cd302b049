import type { Stage } from './types.js';
import { forward, forwardFits, moveTo, override, type Pipeline } from './result.js';

/**
 * The new-licence pipeline (New and Existing applications; spec 3 §4 "New application pipeline",
 * "First stage", "Final stage"). Approval issues the licence; what happens to the licence after
 * that is the licence machine's (./licence.ts): the application stays Approved.
 */
const STAGES = [
  'StepOne',
  'StepTwo',
  'StepThree',
  'Pending',
  'Approvable',
  'NotApprovable',
  'Approved',
  'Decline',
] as const satisfies readonly Stage[];
const LEVELS = { chairman: 'StepOne', uno: 'StepTwo', badc: 'StepThree' } as const;
const FINAL: readonly Stage[] = ['Approvable', 'NotApprovable'];

export const newLicencePipeline: Pipeline = {
  stages: STAGES,
  fits(state, action, role) {
    const { stage } = state;
    switch (action) {
      case 'forward':
        return forwardFits(state, role);
      case 'inspect':
        return stage === 'StepThree';
      case 'requestRecheck':
        return stage === 'Pending' || FINAL.includes(stage);
      case 'decideFirst':
        return stage === 'Pending';
      case 'updateFinal':
      case 'decline':
        return FINAL.includes(stage);
      case 'approve':
        return stage === 'Approvable';
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
      case 'inspect':
        return moveTo(state, 'Pending', { badc: true });
      case 'requestRecheck':
        return moveTo(state, state.stage, {}, p.on === true ? [{ kind: 'sms', message: 'recheck' }] : []);
      case 'decideFirst':
        if (typeof p.approvable !== 'boolean') throw new TypeError('decideFirst needs payload.approvable');
        return moveTo(state, p.approvable ? 'Approvable' : 'NotApprovable');
      case 'updateFinal':
        if (typeof p.approvable !== 'boolean') return moveTo(state, state.stage);
        return moveTo(state, p.approvable ? 'Approvable' : 'NotApprovable');
      case 'approve': {
        const termYears = p.termYears as 1 | 2 | 3 | undefined;
        if (!termYears) throw new TypeError('approve needs payload.termYears');
        const testing = termYears === 1;
        const result = moveTo(state, 'Approved', {}, [
          { kind: 'issueLicence', termYears, testing },
          { kind: 'sms', message: 'approved' },
        ]);
        // The licence issued now: a 1-year licence is a testing one (spec 3 §4).
        return result.ok
          ? { ...result, next: { ...result.next, licenceStatus: testing ? 'testing' : 'active' } }
          : result;
      }
      case 'decline':
        return moveTo(state, 'Decline', {}, [{ kind: 'sms', message: 'declined' }]);
      case 'override':
        // Approved describes an issued licence; without one that stage would be a lie.
        return override(state, p, LEVELS, STAGES, state.licenceStatus !== undefined);
      default:
        throw new TypeError(`${action} is not a new-licence action`);
    }
  },
};
