import { ACTION_PERMISSION, can } from '../access.js';
import type { ActionPayload } from '../schemas/review.js';
import { changePipeline } from './change.js';
import { newLicencePipeline } from './new-licence.js';
import { renewalPipeline } from './renewal.js';
import type { AnyPayload, Pipeline, PipelineResult, Refusal } from './result.js';
import { ACTIONS, pipelineOf, type Action, type PipelineName, type PipelineState, type StaffRole } from './types.js';

export type { PipelineEffect, PipelineResult, Refusal } from './result.js';

/**
 * The review engine's one entry point (spec README, "Where the documents leave a gap": one
 * explicit state machine; docs/decisions/021-review-engine-by-kind.md). The request's kind picks
 * its pipeline; which role may ever take an action is the permission table's answer
 * (ACTION_PERMISSION, refusal ROLE), whether it fits the stage the pipeline's (refusal STAGE).
 * Pure: the server applies the result in one transaction, with an audit row and the effects.
 */
export const PIPELINES: Record<PipelineName, Pipeline> = {
  new: newLicencePipeline,
  renewal: renewalPipeline,
  change: changePipeline,
};

export const pipelineFor = (state: Pick<PipelineState, 'kind'>): Pipeline => PIPELINES[pipelineOf(state.kind)];

function check(state: PipelineState, action: Action, role: StaffRole): Refusal | null {
  if (!can(role, ACTION_PERMISSION[action])) return 'ROLE';
  return pipelineFor(state).fits(state, action, role) ? null : 'STAGE';
}

export function applyAction<A extends Action>(
  state: PipelineState,
  action: A,
  role: StaffRole,
  payload?: ActionPayload<A>,
): PipelineResult {
  const refused = check(state, action, role);
  if (refused) return { ok: false, reason: refused };
  return pipelineFor(state).apply(state, action, role, (payload ?? {}) as AnyPayload);
}

/** The actions this role may take now (payload-dependent refusals aside, e.g. renewing a suspended licence). */
export function allowedActions(state: PipelineState, role: StaffRole): Action[] {
  return ACTIONS.filter((a) => check(state, a, role) === null);
}
