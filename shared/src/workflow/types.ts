import { z } from 'zod';
import type { StaffRole } from '../constants.js';
import { KIND_PIPELINE, type PipelineName, type StoredKind } from '../kinds/slots.js';
import { STAGES, type Stage } from '../schemas/settings.js';
import type { LicenceStatus } from './licence.js';

export { STAGES, type Stage, type PipelineName };

/**
 * The review engine's vocabulary (spec 3 §4; docs/decisions/021-review-engine-by-kind.md). One
 * pipeline per request kind's KIND_PIPELINE value, each a pure transition function in this folder;
 * ./pipeline.ts is the one entry point. The server applies a result in one transaction against the
 * version the officer saw. The licence's own actions (confirm, suspend, reactivate) are the licence
 * machine's (./licence.ts), not a request's.
 */
export const ACTIONS = [
  'forward', // Chairman at StepOne → StepTwo; UNO at StepTwo → StepThree (change: → Pending)
  'inspect', // new: BADC at StepThree, seven-item checklist → Pending
  'requestRecheck', // new: BADC at Pending/Approvable/NotApprovable, recheck ON/OFF + message (texted)
  'decideFirst', // new: BADC at Pending → Approvable or NotApprovable
  'updateFinal', // new: BADC at Approvable/NotApprovable, remarks, map, flip approvable
  'approve', // new: BADC at Approvable → Approved, licence issued
  'decline', // new: BADC at Approvable/NotApprovable → Decline
  'decideRenewal', // renewal: BADC at StepThree, six checks → Approved (a new period) or Decline
  'decideChange', // change: BADC at Pending, seven marks → Approved (name or dag changed) or Decline
  'override', // Admin: back to an earlier stage, with a reason
] as const;
export type Action = (typeof ACTIONS)[number];

export type SeenFlags = { chairman: boolean; uno: boolean; badc: boolean };

/** The review state of one request. */
export interface PipelineState {
  /** The request's kind; it picks the pipeline (KIND_PIPELINE). 'Old' records follow the new-licence one. */
  kind: StoredKind;
  stage: Stage;
  seen: SeenFlags;
  /**
   * The licence's status, when there is one: for New/Existing the licence it was issued (an Admin may
   * send it back to Approved only then), for a renewal or change the licence the request is about.
   */
  licenceStatus?: LicenceStatus;
}

/** The pipeline a stored kind follows. */
export function pipelineOf(kind: StoredKind): PipelineName {
  return kind === 'Old' ? 'new' : KIND_PIPELINE[kind];
}

/** The kinds each pipeline reviews (the queue SQL filters by these). */
export const PIPELINE_KINDS: Record<PipelineName, readonly StoredKind[]> = {
  new: ['New', 'Existing', 'Old'],
  renewal: ['Renew'],
  change: ['NameChange', 'PlotChange'],
};

export type { StaffRole };

/**
 * Queues (spec 3 §2) by name. Who may open each is the permission table's `queue.<name>`
 * (shared/src/access.ts, docs/decisions/017-permissions.md); the server enforces it.
 */
export const QUEUE_NAMES = [
  // New and existing-pump applications.
  'chairman-unseen',
  'chairman-seen',
  'uno-unseen',
  'uno-seen',
  'badc-unseen',
  'badc-seen',
  'pending',
  'approvable',
  'notapprovable',
  'active',
  'decline',
  // Renewals (spec 3 §2 "Renewal queues").
  'chairman-renew-unseen',
  'chairman-renew-seen',
  'uno-renew-unseen',
  'uno-renew-seen',
  'badc-renew-unseen',
  'badc-renew-seen',
  // Name and plot changes (spec 3 §2 "Change-application queues").
  'chairman-change-unseen',
  'chairman-change-seen',
  'uno-change-unseen',
  'uno-change-seen',
  'change-pending',
  'change-approved',
  'change-decline',
  // Every declined request of every kind, with its licence number (spec 3 §2 "rejected").
  'rejected',
  // Licences by their own status, never by a request's stage.
  'licence-testing',
  'licence-active',
  'licence-expired',
  'licence-suspended',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
export const queueNameSchema = z.enum(QUEUE_NAMES);

/** The lists of licences (rows are licences, each with the application that issued it). */
export const LICENCE_QUEUES = [
  'licence-testing',
  'licence-active',
  'licence-expired',
  'licence-suspended',
] as const satisfies readonly QueueName[];
export const LICENCE_QUEUE_STATUS: Record<(typeof LICENCE_QUEUES)[number], LicenceStatus> = {
  'licence-testing': 'testing',
  'licence-active': 'active',
  'licence-expired': 'expired',
  'licence-suspended': 'suspended',
};
export const isLicenceQueue = (q: QueueName): q is (typeof LICENCE_QUEUES)[number] =>
  (LICENCE_QUEUES as readonly QueueName[]).includes(q);
