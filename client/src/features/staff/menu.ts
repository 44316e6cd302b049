import type { StaffRole } from '@portal/shared/constants';
import type { MessageKey } from '@portal/shared/i18n/index';
import { LIST_SCREENS } from './screens';

/**
 * The side drawer by role (spec 2 §2 "Menu by role"), limited to screens this portal has.
 * Paths are relative to /admin-page; '' is the role's dashboard.
 */
export interface MenuEntry {
  path: string;
  labelKey: MessageKey;
}
export interface MenuGroup {
  titleKey: MessageKey | null;
  entries: MenuEntry[];
}

type GroupSpec = [MessageKey | null, string[]];

const MENUS: Record<StaffRole, GroupSpec[]> = {
  Admin: [
    [null, ['admin-dashboard']],
    [
      'staff.menu.group.website',
      ['base-setting', 'headline', 'slider', 'photo-gallery', 'geo-database', 'file-archive', 'video-gallery'],
    ],
    ['content.menu.group.pages', ['web-notice', 'web-policies', 'web-application-instruction', 'web-about-us']],
    ['services.menu.group.services', ['contact', 'message', 'complaint', 'copy']],
    ['staff.menu.group.account', ['manage-account', 'profile', 'setting']],
  ],
  Chairman: [
    [null, ['']],
    ['staff.menu.group.new', ['Unseen', 'Seen']],
    ['staff.menu.group.archive', ['active', 'decline']],
  ],
  UNO: [
    [null, ['']],
    ['staff.menu.group.new', ['unounseen', 'unoseen']],
    ['staff.menu.group.archive', ['active', 'decline']],
    ['staff.menu.group.licence', ['licenseActive', 'licenseExpire']],
  ],
  BADC: [
    [null, ['']],
    ['staff.menu.group.new', ['bunseen', 'bseen']],
    ['staff.menu.group.pending', ['pendingOne', 'approvable', 'notapprovable']],
    ['staff.menu.group.archive', ['active', 'decline']],
    ['staff.menu.group.licence', ['licenseTesting', 'licenseActive', 'licenseExpire', 'licenseSuspend']],
    [null, ['file-archive']],
    ['services.menu.group.services', ['complaint', 'copy']],
  ],
  Pollibidut: [
    [null, ['']],
    ['staff.menu.group.archive', ['active', 'decline']],
    ['staff.menu.group.licence', ['licenseActive', 'licenseExpire']],
  ],
};

const PAGE_LABELS: Record<string, MessageKey> = {
  '': 'staff.menu.dashboard',
  'base-setting': 'staff.menu.baseSetting',
  'manage-account': 'staff.menu.manageAccount',
  profile: 'staff.menu.profile',
  setting: 'staff.menu.setting',
  headline: 'content.menu.headline',
  slider: 'content.menu.slider',
  'photo-gallery': 'content.menu.photoGallery',
  'geo-database': 'content.menu.geoDatabase',
  'file-archive': 'content.menu.fileArchive',
  'video-gallery': 'content.menu.videoGallery',
  'web-notice': 'content.menu.webNotice',
  'web-policies': 'content.menu.webPolicies',
  'web-application-instruction': 'content.menu.webInstruction',
  'web-about-us': 'content.menu.webAbout',
  'admin-dashboard': 'services.menu.adminDashboard',
  contact: 'services.menu.contact',
  message: 'services.menu.message',
  complaint: 'services.menu.complaint',
  copy: 'services.menu.copy',
};

/** Inside a group the entries are short ("Unseen" under "Application New"); the screen's title says the rest. */
const UNSEEN = ['Unseen', 'unounseen', 'bunseen'];
const SEEN = ['Seen', 'unoseen', 'bseen'];

function labelFor(path: string): MessageKey {
  if (PAGE_LABELS[path]) return PAGE_LABELS[path];
  if (UNSEEN.includes(path)) return 'staff.menuItem.Unseen';
  if (SEEN.includes(path)) return 'staff.menuItem.Seen';
  if (!LIST_SCREENS.some((s) => s.path === path)) throw new Error(`menu entry without a screen: ${path}`);
  return `staff.menuItem.${path}` as MessageKey;
}

export function menuFor(role: StaffRole): MenuGroup[] {
  return MENUS[role].map(([titleKey, paths]) => ({
    titleKey,
    entries: paths.map((path) => ({ path, labelKey: labelFor(path) })),
  }));
}

/** The list screens a role's dashboard counts (the lists in its menu). */
export function listPathsFor(role: StaffRole): string[] {
  return menuFor(role)
    .flatMap((g) => g.entries.map((e) => e.path))
    .filter((p) => LIST_SCREENS.some((s) => s.path === p));
}
