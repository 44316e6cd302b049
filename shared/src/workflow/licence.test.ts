import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../constants.js';
import {
  allowedLicenceActions,
  applyLicenceAction,
  licenceStatus,
  type LicenceAction,
  type LicenceActionInput,
  type LicenceState,
  type LicenceStatus,
} from './licence.js';

const TODAY = '2026-11-23';

/** One licence in each status, as the lists of spec 3 §2 show them. */
const STATES: Record<LicenceStatus, LicenceState> = {
  testing: { suspended: false, testing: true, validFrom: '2026-06-01', validTo: '2027-06-01' },
  active: { suspended: false, testing: false, validFrom: '2025-01-10', validTo: '2028-01-10' },
  expired: { suspended: false, testing: false, validFrom: '2022-01-10', validTo: '2025-01-10' },
  suspended: { suspended: true, testing: false, validFrom: '2025-01-10', validTo: '2028-01-10' },
};

const INPUT: Record<LicenceAction, LicenceActionInput> = {
  confirm: { action: 'confirm' },
  suspend: { action: 'suspend', note: 'অনুমতি ছাড়া স্থান পরিবর্তন' },
  reactivate: { action: 'reactivate' },
};

describe('a licence status is computed, never stored', () => {
  it.each([
    ['suspended wins over an ended validity', { ...STATES.expired, suspended: true }, 'suspended'],
    ['ended yesterday is expired', { ...STATES.active, validTo: '2026-11-22' }, 'expired'],
    ['ending today is still valid', { ...STATES.active, validTo: TODAY }, 'active'],
    ['an ended testing licence is expired', { ...STATES.testing, validTo: '2026-11-01' }, 'expired'],
    ['a running testing licence is testing', STATES.testing, 'testing'],
    ['a running regular licence is active', STATES.active, 'active'],
  ] as const)('%s', (_, state, expected) => {
    expect(licenceStatus(state, TODAY)).toBe(expected);
  });
});

describe('which action BADC may take from which status (spec 3 §2 licence screens)', () => {
  const table: Record<LicenceStatus, Record<LicenceAction, boolean>> = {
    testing: { confirm: true, suspend: true, reactivate: false },
    active: { confirm: false, suspend: true, reactivate: false },
    expired: { confirm: false, suspend: true, reactivate: false },
    suspended: { confirm: false, suspend: false, reactivate: true },
  };
  for (const [status, row] of Object.entries(table) as [LicenceStatus, Record<LicenceAction, boolean>][]) {
    for (const [action, allowed] of Object.entries(row) as [LicenceAction, boolean][]) {
      it(`${action} on a ${status} licence is ${allowed ? 'taken' : 'refused (STAGE)'}`, () => {
        const result = applyLicenceAction(STATES[status], INPUT[action], 'BADC', TODAY);
        expect(result.ok).toBe(allowed);
        if (!result.ok) expect(result.reason).toBe('STAGE');
        expect(allowedLicenceActions(status, 'BADC').includes(action)).toBe(allowed);
      });
    }
  }

  it('refuses every other role with ROLE, whatever the status', () => {
    for (const role of STAFF_ROLES.filter((r) => r !== 'BADC')) {
      for (const status of Object.keys(STATES) as LicenceStatus[]) {
        for (const action of Object.keys(INPUT) as LicenceAction[]) {
          expect(applyLicenceAction(STATES[status], INPUT[action], role, TODAY)).toEqual({ ok: false, reason: 'ROLE' });
        }
        expect(allowedLicenceActions(status, role)).toEqual([]);
      }
    }
    expect(applyLicenceAction(STATES.active, INPUT.suspend, null, TODAY)).toEqual({ ok: false, reason: 'ROLE' });
  });
});

describe('what each action leaves behind', () => {
  it('confirm makes a testing licence a regular one for 3 years from today, with a new period', () => {
    const result = applyLicenceAction(STATES.testing, INPUT.confirm, 'BADC', TODAY);
    expect(result).toEqual({
      ok: true,
      next: {
        suspended: false,
        testing: false,
        validFrom: TODAY,
        validTo: '2029-11-23',
        termYears: 3,
        suspendNote: null,
      },
      effects: [{ kind: 'period', validFrom: TODAY, validTo: '2029-11-23' }],
    });
    if (result.ok) expect(licenceStatus(result.next, TODAY)).toBe('active');
  });

  it('suspend keeps the dates, stores the note and asks for the suspension text', () => {
    const result = applyLicenceAction(STATES.expired, INPUT.suspend, 'BADC', TODAY);
    expect(result.ok && result.next).toEqual({
      ...STATES.expired,
      suspended: true,
      suspendNote: 'অনুমতি ছাড়া স্থান পরিবর্তন',
    });
    expect(result.ok && result.effects).toEqual([{ kind: 'sms', message: 'suspended' }]);
  });

  it('reactivate defaults to today and today + 3 years, clears the note and records the period', () => {
    const result = applyLicenceAction(STATES.suspended, INPUT.reactivate, 'BADC', TODAY);
    expect(result.ok && result.next).toEqual({
      suspended: false,
      testing: false,
      validFrom: TODAY,
      validTo: '2029-11-23',
      suspendNote: null,
    });
    expect(result.ok && result.effects).toEqual([{ kind: 'period', validFrom: TODAY, validTo: '2029-11-23' }]);
  });

  it('reactivate takes the dates the officer typed', () => {
    const result = applyLicenceAction(
      STATES.suspended,
      { action: 'reactivate', validFrom: '2026-12-01', validTo: '2028-12-01' },
      'BADC',
      TODAY,
    );
    expect(result.ok && [result.next.validFrom, result.next.validTo]).toEqual(['2026-12-01', '2028-12-01']);
  });
});
