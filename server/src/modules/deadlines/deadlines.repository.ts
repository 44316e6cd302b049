import { sql, type RawBuilder } from 'kysely';
import {
  overdueCutoff,
  PIPELINE_KINDS,
  pipelineOf,
  STAGE_QUEUE,
  TIMED_PAIRS,
  TIMED_STAGES,
  type DeadlineRules,
  type OverdueSummary,
  type PipelineName,
  type Stage,
} from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { isLive } from '../applications/applications.repository.js';
import { dhakaDayStart } from '../requests/queue.repository.js';

type StageCount = OverdueSummary['stages'][number];

/** A row of a pipeline, by the kinds it reviews (PIPELINE_KINDS), as SQL. */
const ofPipeline = (pipeline: PipelineName): RawBuilder<boolean> =>
  sql<boolean>`a.kind in (${sql.join(PIPELINE_KINDS[pipeline])})`;

/**
 * How many live requests wait at each timed stage, and how many of them are past the stage's
 * target today (docs/decisions/040-stage-deadlines.md), in one query over the stage index: the
 * target becomes a cut-off instant per stage (overdueCutoff), so "overdue" is one comparison with
 * applications.stage_since. A request waiting for the applicant's correction (recheck) is open but
 * never overdue. Every timed stage is answered, zeros included, in TIMED_PAIRS order.
 */
export async function countOverdue(db: Database, today: string, rules: DeadlineRules): Promise<StageCount[]> {
  const cutoffs = TIMED_PAIRS.map(({ pipeline, stage }) => {
    const target = (rules.targets[pipeline] as Record<string, number>)[stage]!;
    return { pipeline, stage, target, before: dhakaDayStart(overdueCutoff(today, target, rules.calendar)) };
  });
  const cutoffSql = sql<Date>`case ${sql.join(
    cutoffs.map((c) => sql`when ${ofPipeline(c.pipeline)} and a.stage = ${c.stage} then ${c.before}::timestamptz`),
    sql` `,
  )} end`;
  const timedStages = [...new Set(Object.values(TIMED_STAGES).flat())] as Stage[];
  const rows = await db
    .selectFrom('applications as a')
    .where('a.intake_status', '=', 'complete')
    .where(isLive('a'))
    .where('a.stage', 'in', timedStages)
    // By kind and stage (the cut-off depends on both); the kinds are summed into pipelines below.
    .select([
      'a.kind',
      'a.stage',
      sql<number>`count(*)::int`.as('open'),
      sql<number>`count(*) filter (where not a.recheck_requested and a.stage_since < ${cutoffSql})::int`.as('overdue'),
    ])
    .groupBy(['a.kind', 'a.stage'])
    .execute();
  return cutoffs.map(({ pipeline, stage, target }) => {
    const mine = rows.filter((r) => r.stage === stage && pipelineOf(r.kind) === pipeline);
    return {
      pipeline,
      stage,
      queue: (STAGE_QUEUE[pipeline] as Record<string, StageCount['queue']>)[stage]!,
      targetDays: target,
      open: mine.reduce((n, r) => n + r.open, 0),
      overdue: mine.reduce((n, r) => n + r.overdue, 0),
    };
  });
}
