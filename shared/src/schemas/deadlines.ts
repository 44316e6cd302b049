import { z } from 'zod';
import { PIPELINE_NAMES } from '../workflow/deadlines.js';
import { queueNameSchema } from '../workflow/types.js';
import { stageSchema } from './settings.js';

/**
 * What the server answers about deadlines (docs/decisions/040-stage-deadlines.md): a list row's
 * place against its stage's target, and the overdue counts of the dashboards.
 */
export const stageDeadlineSchema = z.object({
  /** The day (Dhaka) the request entered its stage. */
  since: z.string(),
  /** The last working day within the target. */
  due: z.string(),
  targetDays: z.number().int(),
  /** Working days in the stage, today included. */
  ageDays: z.number().int(),
  /** Working days past the target; 0 while in time or paused. */
  overdueDays: z.number().int(),
  /** Waiting for the applicant's correction (recheck): the office's clock is stopped. */
  paused: z.boolean(),
});
export type StageDeadlineView = z.infer<typeof stageDeadlineSchema>;

/** GET /api/staff/deadlines/overdue: the stages the signed-in role works (every stage for the Admin). */
export const overdueSummarySchema = z.object({
  today: z.string(),
  stages: z.array(
    z.object({
      pipeline: z.enum(PIPELINE_NAMES),
      stage: stageSchema,
      /** The list where this stage's work waits (shared/src/workflow/deadlines.ts STAGE_QUEUE). */
      queue: queueNameSchema,
      targetDays: z.number().int(),
      /** Requests in the stage now, and those of them past the target. */
      open: z.number().int(),
      overdue: z.number().int(),
    }),
  ),
});
export type OverdueSummary = z.infer<typeof overdueSummarySchema>;
