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

/** Queues (spec 3 §2) by name, with the roles that may open each; the server enforces this. */
export const QUEUES = {
  'chairman-unseen': ['Chairman'],
  'chairman-seen': ['Chairman'],
  'uno-unseen': ['UNO'],
  'uno-seen': ['UNO'],
  'badc-unseen': ['BADC'],
  'badc-seen': ['BADC'],
  pending: ['BADC'],
  approvable: ['BADC'],
  notapprovable: ['BADC'],
  active: ['Chairman', 'UNO', 'BADC', 'Pollibidut'],
  decline: ['Chairman', 'UNO', 'BADC', 'Pollibidut'],
  'licence-testing': ['BADC'],
  'licence-active': ['UNO', 'BADC', 'Pollibidut'],
  'licence-expired': ['UNO', 'BADC', 'Pollibidut'],
  'licence-suspended': ['BADC'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as [QueueName, ...QueueName[]];
export const queueNameSchema = z.enum(QUEUE_NAMES);
