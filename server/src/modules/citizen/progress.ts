import {
  deadlineRules,
  pipelineOf,
  stageDeadline,
  type SiteSettings,
  type Stage,
  type StatusPanel,
  type StoredKind,
} from '@portal/shared';

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

/**
 * The day the applicant may expect the present stage to be done: its due date by the Admin's
 * targets and holidays (docs/decisions/040-stage-deadlines.md). None at a final stage, while files
 * are still arriving, or while BADC waits for the applicant's own correction.
 */
export function stageDue(
  row: {
    kind: StoredKind;
    stage: Stage;
    intake_status: string;
    recheck_requested: boolean;
    stage_since: Date | string | null;
  },
  settings: SiteSettings,
  today: string,
): StatusPanel['stageDue'] {
  if (row.intake_status !== 'complete' || row.recheck_requested || !row.stage_since) return null;
  const deadline = stageDeadline(
    { pipeline: pipelineOf(row.kind), stage: row.stage, since: row.stage_since },
    today,
    deadlineRules(settings),
  );
  // "Late" by the calendar: a due date the applicant sees in the past reads as passed, weekend or not.
  return deadline && { date: deadline.due, late: deadline.due < today };
}
