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

  it('gives Pollibidut no action and nothing of the Admin’s, and the Admin applications only through the register', () => {
    expect(PERMISSION_NAMES.filter((p) => can('Pollibidut', p) && !p.startsWith('queue.'))).toEqual([
      'applications.read',
      'licences.read',
    ]);
    // Issue 10 gives the Admin the office's register (decision 037); it holds no review list and no licence.
    expect(PERMISSION_NAMES.filter((p) => can('Admin', p) && p.startsWith('queue.'))).toEqual([]);
    expect(can('Admin', 'licences.read')).toBe(false);
    expect(rolesWith('register.read')).toEqual(['Admin', 'BADC']);
    expect(rolesWith('register.restore')).toEqual(['Admin']);
    expect(rolesWith('review.forward', 'queue.uno-unseen')).toEqual(['UNO']);
  });
});

describe('the audit page (docs/decisions/041-audit-trail.md)', () => {
  it('is the Admin’s alone: BADC and the Chairman read an application’s history on its detail instead', () => {
    expect(rolesWith('audit.read')).toEqual(['Admin']);
    expect(can('BADC', 'audit.read')).toBe(false);
    expect(can('Chairman', 'audit.read')).toBe(false);
  });
});

describe('field visits (docs/decisions/030, 035)', () => {
  it('lets the three reviewing levels read visits, within the applications they read, and BADC alone record them', () => {
    expect(rolesWith('fieldVisits.read')).toEqual(['Chairman', 'UNO', 'BADC']);
    expect(rolesWith('fieldVisits.record')).toEqual(['BADC']);
    // A visit is part of its application: whoever reads visits reads applications (the record rule then applies).
    for (const role of rolesWith('fieldVisits.read')) expect(can(role, 'applications.read'), role).toBe(true);
    expect(can('Pollibidut', 'fieldVisits.read')).toBe(false);
  });
});

describe('record-level reading', () => {
  it('lets a role read every application it may act on (no button on a screen it cannot open)', () => {
    for (const state of STATES) {
      for (const role of STAFF_ROLES) {
        const actions = allowedActions(state, role);
        if (actions.length > 0) expect(canReadApplication(role, state), `${role} at ${state.stage}`).toBe(true);
      }
    }
  });

  it('keeps documents to the reviewers and licences to the licence readers, within what they read', () => {
    for (const state of STATES) {
      expect(canReadDocuments('Pollibidut', state)).toBe(false);
      // The register's keepers read every application with its documents (decision 037).
      for (const keeper of ['Admin', 'BADC'] as const) expect(canReadDocuments(keeper, state)).toBe(true);
      for (const role of STAFF_ROLES) {
        if (canReadDocuments(role, state)) expect(canReadApplication(role, state)).toBe(true);
        if (canReadLicence(role, state)) expect(canReadApplication(role, state)).toBe(true);
      }
    }
  });

  it('shows an application at the Chairman’s stage to the Chairman and the register’s keepers alone', () => {
    for (const kind of STORED_KINDS) {
      const state: PipelineState = { kind, stage: 'StepOne', seen: { chairman: false, uno: false, badc: false } };
      expect(STAFF_ROLES.filter((r) => canReadApplication(r, state))).toEqual(['Admin', 'Chairman', 'BADC']);
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
