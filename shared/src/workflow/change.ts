import type { Stage } from './types.js';
import { forwardThenDecide } from './forward-then-decide.js';

/**
 * The change pipeline (NameChange and PlotChange; spec 3 §2 "Change-application queues", §4
 * "Change"): the Chairman and the UNO forward it, the UNO's forward puts it on BADC's pending list,
 * where BADC marks the seven files and approves (the licence's holder name or dag number changes,
 * the old value kept in its history) or declines.
 */
export const changePipeline = forwardThenDecide({
  name: 'change',
  stages: ['StepOne', 'StepTwo', 'Pending', 'Approved', 'Decline'] as const satisfies readonly Stage[],
  levels: { chairman: 'StepOne', uno: 'StepTwo', badc: 'Pending' },
  decision: 'decideChange',
  approve: (state) => [{ kind: state.kind === 'PlotChange' ? 'changePlot' : 'changeName' }],
});
