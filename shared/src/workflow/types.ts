import { z } from 'zod';
import type { StaffRole } from '../constants.js';
import { STAGES, type Stage } from '../schemas/settings.js';

export { STAGES, type Stage };

/**
 * The review pipeline's vocabulary (spec 3 §4). The pure transition function lives in
 * ./pipeline.ts; the server applies it in one transaction against the version the officer saw.
 */
export const ACTIONS = [
  'forward', // Chairman at StepOne → StepTwo; UNO at StepTwo → StepThree
  'inspect', // BADC at StepThree: seven-item checklist → Pending
  'requestRecheck', // BADC at Pending/Approvable/NotApprovable: recheck ON/OFF + message (texted)
  'decideFirst', // BADC at Pending → Approvable or NotApprovable
  'updateFinal', // BADC at Approvable/NotApprovable: remarks, map, flip approvable
  'approve', // BADC at Approvable → Approved, licence issued
  'decline', // BADC at Approvable/NotApprovable → Decline
  'suspend', // BADC at Approved → Suspend
  'reactivate', // BADC at Suspend → Approved
  'confirmTesting', // BADC: testing (1-year) licence → regular 3-year licence
  'override', // Admin: any stage, with a reason
] as const;
export type Action = (typeof ACTIONS)[number];

export type SeenFlags = { chairman: boolean; uno: boolean; badc: boolean };

export interface PipelineState {
  stage: Stage;
  seen: SeenFlags;
  /**
   * The application's licence, if one was issued: undefined = none yet; true = a 1-year testing
   * licence (confirmTesting applies); false = a regular licence.
   */
  testingLicence?: boolean;
}

export type { StaffRole };

/**
 * Queues (spec 3 §2) by name. Who may open each is the permission table's `queue.<name>`
 * (shared/src/access.ts, docs/decisions/017-permissions.md); the server enforces it.
 */
export const QUEUE_NAMES = [
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
  'licence-testing',
  'licence-active',
  'licence-expired',
  'licence-suspended',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
export const queueNameSchema = z.enum(QUEUE_NAMES);
