import type { MessageKey } from '../i18n/index.js';
import type { Action, QueueName, Stage } from './types.js';

/** i18n keys of the pipeline's names (shared/src/i18n/bn/review.ts), for lists, badges and the audit history. */
export const stageLabelKey = (stage: Stage): MessageKey => `review.stage.${stage}`;
export const actionLabelKey = (action: Action | 'forwardAll' | 'uploadFile'): MessageKey => `review.action.${action}`;
export const queueLabelKey = (queue: QueueName): MessageKey => `review.queue.${queue}`;
