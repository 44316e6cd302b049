import { describe, expect, it } from 'vitest';
import {
  ACTION_PERMISSION,
  can,
  canReadApplication,
  canReadDocuments,
  canReadLicence,
  PERMISSION_NAMES,
  queuesHolding,
  queuePermission,
  rolesWith,
} from './access.js';
import { STAFF_ROLES } from './constants.js';
import { STORED_KINDS } from './kinds/slots.js';
import { LICENCE_STATUSES } from './workflow/licence.js';
import { allowedActions } from './workflow/pipeline.js';
import { ACTIONS, QUEUE_NAMES, STAGES, type PipelineState } from './workflow/types.js';

/** Every kind at every stage with every combination of seen flags and licence status. */
const STATES: PipelineState[] = STORED_KINDS.flatMap((kind) =>
  STAGES.flatMap((stage) =>
    [0, 1, 2, 3, 4, 5, 6, 7].flatMap((bits): PipelineState[] => {
      const seen = { chairman: !!(bits & 1), uno: !!(bits & 2), badc: !!(bits & 4) };
      return [undefined, ...LICENCE_STATUSES].map((licenceStatus) => ({
        kind,
        stage,
        seen,
        ...(licenceStatus ? { licenceStatus } : {}),
      }));
    }),
  ),
);

describe('the permission table (docs/decisions/017-permissions.md)', () => {
  it('names a permission for every queue and every pipeline action', () => {
    for (const queue of QUEUE_NAMES) expect(PERMISSION_NAMES).toContain(queuePermission(queue));
    for (const action of ACTIONS) expect(PERMISSION_NAMES).toContain(ACTION_PERMISSION[action]);
  });

  it('gives Pollibidut no action and nothing of the Admin’s, and the Admin no application data', () => {
    expect(PERMISSION_NAMES.filter((p) => can('Pollibidut', p) && !p.startsWith('queue.'))).toEqual([
      'applications.read',
      'licences.read',
    ]);
    for (const p of ['applications.read', 'applications.readDocuments', 'licences.read'] as const)
      expect(can('Admin', p), p).toBe(false);
    expect(rolesWith('review.forward', 'queue.uno-unseen')).toEqual(['UNO']);
  });
});

describe('record-level reading', () => {
  it('lets a role read every application it may act on (no button on a screen it cannot open)', () => {
    for (const state of STATES) {
      for (const role of STAFF_ROLES) {
        // The Admin's override waits for its screen (issue 10): the server refuses it for now.
        const actions = allowedActions(state, role).filter((a) => a !== 'override');
        if (actions.length > 0) expect(canReadApplication(role, state), `${role} at ${state.stage}`).toBe(true);
      }
    }
  });

  it('keeps documents to the reviewers and licences to the licence readers, within what they read', () => {
    for (const state of STATES) {
      expect(canReadDocuments('Pollibidut', state)).toBe(false);
      expect(canReadApplication('Admin', state)).toBe(false);
      for (const role of STAFF_ROLES) {
        if (canReadDocuments(role, state)) expect(canReadApplication(role, state)).toBe(true);
        if (canReadLicence(role, state)) expect(canReadApplication(role, state)).toBe(true);
      }
    }
  });

  it('shows an application at the Chairman’s stage to the Chairman alone', () => {
    for (const kind of STORED_KINDS) {
      const state: PipelineState = { kind, stage: 'StepOne', seen: { chairman: false, uno: false, badc: false } };
      expect(STAFF_ROLES.filter((r) => canReadApplication(r, state))).toEqual(['Chairman']);
    }
  });

  it('keeps each pipeline’s requests on its own lists: a renewal is not on the new-application lists', () => {
    const seen = { chairman: true, uno: true, badc: true };
    expect(queuesHolding({ kind: 'Renew', stage: 'StepThree', seen: { ...seen, badc: false } })).toEqual([
      'chairman-renew-seen',
      'uno-renew-seen',
      'badc-renew-unseen',
    ]);
    expect(queuesHolding({ kind: 'PlotChange', stage: 'Decline', seen })).toEqual([
      'chairman-change-seen',
      'uno-change-seen',
      'change-decline',
      'rejected',
    ]);
    expect(queuesHolding({ kind: 'New', stage: 'Decline', seen })).toEqual([
      'chairman-seen',
      'uno-seen',
      'badc-seen',
      'decline',
      'rejected',
    ]);
  });
});
