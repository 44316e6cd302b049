import { can } from '../access.js';
import type { StaffRole } from '../constants.js';
import { REACTIVATION_DEFAULT_YEARS } from '../constants.js';
import { addYears } from '../i18n/dates.js';

/**
 * The licence as its own state machine (docs/decisions/022-licence-aggregate.md; spec 3 §2
 * licence screens, §4, §7). Pure: the server applies the result in one transaction against the
 * version the officer saw (server/src/modules/licences/licence.actions.ts).
 *
 * Expiry is never stored: a licence whose validity ended yesterday is 'expired' with nobody
 * touching it. The SQL in server/src/modules/licences/licence-status.ts must agree with status().
 */
export const LICENCE_STATUSES = ['testing', 'active', 'expired', 'suspended'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

export const LICENCE_ACTIONS = ['confirm', 'suspend', 'reactivate'] as const;
export type LicenceAction = (typeof LICENCE_ACTIONS)[number];

export interface LicenceState {
  suspended: boolean;
  /** A 1-year testing licence not yet confirmed (spec 3 §4). */
  testing: boolean;
  /** ISO dates, YYYY-MM-DD. */
  validFrom: string;
  validTo: string;
}

/** Suspension wins, then the dates, then testing (the order of the legacy licence lists). */
export function licenceStatus(state: LicenceState, today: string): LicenceStatus {
  if (state.suspended) return 'suspended';
  if (state.validTo < today) return 'expired';
  if (state.testing) return 'testing';
  return 'active';
}

export type LicenceActionInput =
  | { action: 'confirm' }
  | { action: 'suspend'; note: string }
  | { action: 'reactivate'; validFrom?: string; validTo?: string };

/** What the server must do besides storing the next state. */
export type LicenceEffect =
  /** A row in licence_periods: the certificate's back lists every validity the licence had. */
  | { kind: 'period'; validFrom: string; validTo: string }
  /** The suspension text to the holder; sent only when sms_application_suspend is ON (spec 3 §7). */
  | { kind: 'sms'; message: 'suspended' };

export type LicenceNext = LicenceState & { termYears?: 1 | 2 | 3; suspendNote: string | null };
export type LicenceResult =
  { ok: true; next: LicenceNext; effects: LicenceEffect[] } | { ok: false; reason: 'ROLE' | 'STAGE' };

/** From which statuses each action is allowed (spec 3 §2: the row actions of each licence list). */
const FROM: Record<LicenceAction, readonly LicenceStatus[]> = {
  confirm: ['testing'],
  suspend: ['testing', 'active', 'expired'],
  reactivate: ['suspended'],
};

/** The actions a role may take on a licence in this status (the buttons the client shows). */
export function allowedLicenceActions(status: LicenceStatus, role: StaffRole | null): LicenceAction[] {
  if (!role || !can(role, 'licences.manage')) return [];
  return LICENCE_ACTIONS.filter((a) => FROM[a].includes(status));
}

export function applyLicenceAction(
  state: LicenceState,
  input: LicenceActionInput,
  role: StaffRole | null,
  today: string,
): LicenceResult {
  if (!role || !can(role, 'licences.manage')) return { ok: false, reason: 'ROLE' };
  if (!FROM[input.action].includes(licenceStatus(state, today))) return { ok: false, reason: 'STAGE' };
  switch (input.action) {
    case 'confirm': {
      // Spec 3 §4: approving a testing licence makes it a regular one for 3 years from today.
      const validTo = addYears(today, REACTIVATION_DEFAULT_YEARS);
      return {
        ok: true,
        next: { suspended: false, testing: false, validFrom: today, validTo, termYears: 3, suspendNote: null },
        effects: [{ kind: 'period', validFrom: today, validTo }],
      };
    }
    case 'suspend':
      return {
        ok: true,
        next: { ...state, suspended: true, suspendNote: input.note },
        effects: [{ kind: 'sms', message: 'suspended' }],
      };
    case 'reactivate': {
      // Spec 3 §5: the two dates default to today and today + 3 years; the note is cleared.
      const validFrom = input.validFrom ?? today;
      const validTo = input.validTo ?? addYears(validFrom, REACTIVATION_DEFAULT_YEARS);
      return {
        ok: true,
        // Re Active makes an active licence (spec 3 §4), a testing one included.
        next: { suspended: false, testing: false, validFrom, validTo, suspendNote: null },
        effects: [{ kind: 'period', validFrom, validTo }],
      };
    }
  }
}
