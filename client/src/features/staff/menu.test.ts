import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@portal/shared/constants';
import { can, PERMISSIONS, queuePermission } from '@portal/shared/access';
import { bn, en } from '@portal/shared/i18n/index';
import { menuFor } from './menu';
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
      'live-map',
      'all-application',
      'all-application2',
      'all-application3',
      'all-application4',
      'resolution',
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
      'audit',
      'profile',
      'setting',
    ]);
    expect(paths('Chairman')).toEqual([
      '',
      'Unseen',
      'Seen',
      'active',
      'decline',
      'rejected',
      'chairReUnseen',
      'chairReSeen',
      'chairChangeUnseen',
      'chairChangeSeen',
      'profile',
      'setting',
    ]);
    expect(paths('UNO')).toEqual([
      '',
      'live-map',
      'unounseen',
      'unoseen',
      'active',
      'decline',
      'rejected',
      'unoReUnseen',
      'unoReSeen',
      'licenseActive',
      'licenseExpire',
      'unoChangeUnseen',
      'unoChangeSeen',
      'profile',
      'setting',
    ]);
    expect(paths('BADC')).toEqual([
      '',
      'live-map',
      'field-pack',
      'bunseen',
      'bseen',
      'pendingOne',
      'approvable',
      'notapprovable',
      'active',
      'decline',
      'rejected',
      'badcReUnseen',
      'badcReSeen',
      'changePending',
      'changeApproved',
      'changeDecline',
      'licenseTesting',
      'licenseActive',
      'licenseExpire',
      'licenseSuspend',
      'all-application',
      'all-application2',
      'all-application3',
      'all-application4',
      'resolution',
      'file-archive',
      'complaint',
      'copy',
      'profile',
      'setting',
    ]);
    expect(paths('Pollibidut')).toEqual([
      '',
      'active',
      'decline',
      'rejected',
      'licenseActive',
      'licenseExpire',
      'profile',
      'setting',
    ]);
  });

  it('gives the Chairman the renewal and change groups after the archive, in the order of spec 2 §2', () => {
    const groups = menuFor('Chairman').map((g) => [g.titleKey, g.entries.map((e) => e.path)]);
    expect(groups).toEqual([
      [null, ['']],
      ['staff.menu.group.new', ['Unseen', 'Seen']],
      ['staff.menu.group.archive', ['active', 'decline', 'rejected']],
      ['staff.menu.group.renewal', ['chairReUnseen', 'chairReSeen']],
      ['staff.menu.group.change', ['chairChangeUnseen', 'chairChangeSeen']],
      ['staff.menu.group.account', ['profile', 'setting']],
    ]);
    expect(bn['staff.menu.group.renewal']).toBe('নবায়ন');
  });

  it('puts the UNO’s licence group before its change group and BADC’s after (spec 2 §2)', () => {
    const titles = (role: 'UNO' | 'BADC') => menuFor(role).map((g) => g.titleKey);
    expect(titles('UNO')).toEqual([
      null,
      'staff.menu.group.new',
      'staff.menu.group.archive',
      'staff.menu.group.renewal',
      'staff.menu.group.licence',
      'staff.menu.group.change',
      'staff.menu.group.account',
    ]);
    const badc = titles('BADC');
    expect(badc.indexOf('staff.menu.group.change')).toBe(badc.indexOf('staff.menu.group.renewal') + 1);
    expect(badc.indexOf('staff.menu.group.licence')).toBe(badc.indexOf('staff.menu.group.change') + 1);
  });

  it('opens each renewal and change detail for its own level only', () => {
    expect(canOpen('Chairman', 'c-re-unseen-view')).toBe(true);
    expect(canOpen('UNO', 'c-re-unseen-view')).toBe(false);
    expect(canOpen('UNO', 'u-re-unseen-view')).toBe(true);
    expect(canOpen('Chairman', 'badc-re-unseen-view')).toBe(false);
    expect(canOpen('BADC', 'badc-re-unseen-view')).toBe(true);
    for (const role of ['Chairman', 'UNO', 'BADC'] as const) expect(canOpen(role, 'renew-seen-view'), role).toBe(true);
    expect(canOpen('Pollibidut', 'renew-seen-view')).toBe(false);
    expect(canOpen('Chairman', 'uno-change-unseen-view')).toBe(false);
    expect(canOpen('UNO', 'change-pending-view')).toBe(false);
    expect(canOpen('BADC', 'change-pending-view')).toBe(true);
  });

  it('shows a group title only over two or more entries (BADC’s file archive stands alone, spec 2 §2)', () => {
    const archive = menuFor('BADC').find((g) => g.entries.some((e) => e.path === 'file-archive'))!;
    expect(archive).toEqual({
      titleKey: null,
      entries: [{ path: 'file-archive', labelKey: 'content.menu.fileArchive' }],
    });
    expect(menuFor('Admin').find((g) => g.entries.some((e) => e.path === 'file-archive'))!.titleKey).toBe(
      'staff.menu.group.website',
    );
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

  it('keeps the Admin out of review and licence screens, and Pollibidut out of decisions (decision 017)', () => {
    for (const path of ['u-unseen-view', 'pending-view', 'licensePrint', ''])
      expect(canOpen('Admin', path), path).toBe(false);
    // The register (decision 037): the Admin reads any application, the detail with its documents.
    expect(canOpen('Admin', 'seen-view')).toBe(true);
    expect(canOpen('Admin', 'all-application')).toBe(true);
    expect(canOpen('Pollibidut', 'seen-view')).toBe(true);
    expect(canOpen('Pollibidut', 'licensePrint')).toBe(true);
    for (const path of ['u-unseen-view', 'b-unseen-view', 'pending-view', 'approvable-view'])
      expect(canOpen('Pollibidut', path), path).toBe(false);
  });

  it('shows every list and page a role may open, and nothing else: the permission table decides', () => {
    const pages = [
      ...LIST_SCREENS.map((s) => s.path),
      'admin-dashboard',
      'base-setting',
      'manage-account',
      'complaint',
    ];
    for (const role of STAFF_ROLES) {
      for (const path of pages) expect(paths(role).includes(path), `${role} → ${path}`).toBe(canOpen(role, path));
    }
    // Every role in the table's rows for the Admin's own tools sees them; no one else does.
    expect(STAFF_ROLES.filter((r) => paths(r).includes('manage-account'))).toEqual([...PERMISSIONS['accounts.manage']]);
  });

  it('matches every list to a server queue that lets the same roles in', () => {
    for (const screen of LIST_SCREENS) {
      for (const role of STAFF_ROLES) expect(canOpen(role, screen.path)).toBe(can(role, queuePermission(screen.queue)));
    }
  });
});
