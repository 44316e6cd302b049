import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@portal/shared/constants';
import { QUEUES } from '@portal/shared/workflow/types';
import { bn, en } from '@portal/shared/i18n/index';
import { listPathsFor, menuFor } from './menu';
import { canOpen, LIST_SCREENS } from './screens';

const paths = (role: (typeof STAFF_ROLES)[number]) => menuFor(role).flatMap((g) => g.entries.map((e) => e.path));

describe('the staff menu by role (spec 2 §2)', () => {
  it('lists only screens the role may open', () => {
    for (const role of STAFF_ROLES) {
      for (const path of paths(role)) expect(canOpen(role, path), `${role} → ${path}`).toBe(true);
    }
  });

  it('has a Bangla and an English label for every entry and group', () => {
    for (const role of STAFF_ROLES) {
      for (const group of menuFor(role)) {
        for (const key of [group.titleKey, ...group.entries.map((e) => e.labelKey)]) {
          if (key === null) continue;
          expect(bn[key], key).toBeTruthy();
          expect(en[key], key).toBeTruthy();
        }
      }
    }
  });

  it('gives each role exactly its own entries', () => {
    expect(paths('Admin')).toEqual([
      'admin-dashboard',
      'base-setting',
      'headline',
      'slider',
      'photo-gallery',
      'geo-database',
      'file-archive',
      'video-gallery',
      'web-notice',
      'web-policies',
      'web-application-instruction',
      'web-about-us',
      'contact',
      'message',
      'complaint',
      'copy',
      'manage-account',
      'profile',
      'setting',
    ]);
    expect(paths('Chairman')).toEqual(['', 'Unseen', 'Seen', 'active', 'decline']);
    expect(paths('UNO')).toEqual(['', 'unounseen', 'unoseen', 'active', 'decline', 'licenseActive', 'licenseExpire']);
    expect(paths('BADC')).toEqual([
      '',
      'bunseen',
      'bseen',
      'pendingOne',
      'approvable',
      'notapprovable',
      'active',
      'decline',
      'licenseTesting',
      'licenseActive',
      'licenseExpire',
      'licenseSuspend',
      'file-archive',
      'complaint',
      'copy',
    ]);
    expect(paths('Pollibidut')).toEqual(['', 'active', 'decline', 'licenseActive', 'licenseExpire']);
  });

  it('sends a role away from another role’s screens', () => {
    expect(canOpen('Chairman', 'bunseen')).toBe(false);
    expect(canOpen('Pollibidut', 'Unseen')).toBe(false);
    expect(canOpen('UNO', 'base-setting')).toBe(false);
    expect(canOpen('BADC', 'manage-account')).toBe(false);
    expect(canOpen('Admin', 'pendingOne')).toBe(false);
    expect(canOpen('Chairman', 'b-unseen-view')).toBe(false);
    expect(canOpen('BADC', 'pending-view')).toBe(true);
    expect(canOpen('BADC', 'no-such-screen')).toBe(false);
  });

  it('matches every list to a server queue that lets the same roles in', () => {
    for (const screen of LIST_SCREENS) {
      for (const role of STAFF_ROLES)
        expect(canOpen(role, screen.path)).toBe((QUEUES[screen.queue] as readonly string[]).includes(role));
    }
  });

  it('counts on the dashboard only the lists in the menu', () => {
    expect(listPathsFor('Chairman')).toEqual(['Unseen', 'Seen', 'active', 'decline']);
    expect(listPathsFor('Admin')).toEqual([]);
  });
});
