import type { Stage } from '@portal/shared';

export type StepProgress = 'done' | 'current' | 'waiting';

/**
 * How far along the pipeline a stage is: Chairman, UNO, BADC review, BADC decision, final. A stage
 * not listed (one a later pipeline adds) counts as final rather than breaking the panel.
 */
const STAGE_ORDER: Partial<Record<string, number>> = {
  StepOne: 0,
  StepTwo: 1,
  StepThree: 2,
  Pending: 3,
  Approvable: 3,
  NotApprovable: 3,
  Approved: 4,
  Decline: 4,
};

/**
 * The applicant's view of the three review levels (spec 1 §2 "progress notices per stage"): a
 * level is done once the application has passed it (or it has marked it seen, as an auto-forward
 * setting does), current while the application waits there, waiting before that. BADC stays
 * current through its first-stage decision until the final approval or decline.
 */
export function reviewProgress(stage: Stage, seen: { chairman: boolean; uno: boolean }) {
  const at = STAGE_ORDER[stage] ?? 4;
  const level = (index: number, seenHere: boolean): StepProgress =>
    seenHere || at > index ? 'done' : at === index ? 'current' : 'waiting';
  return {
    chairman: level(0, seen.chairman),
    uno: level(1, seen.uno),
    badc: at >= 4 ? ('done' as const) : at >= 2 ? ('current' as const) : ('waiting' as const),
  };
}
