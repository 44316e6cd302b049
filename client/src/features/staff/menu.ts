import type { StaffRole } from '@portal/shared/constants';
import type { MessageKey } from '@portal/shared/i18n/index';
import { canOpen, LIST_SCREENS } from './screens';

/**
 * The side drawer by role (spec 2 §2 "Menu by role"), limited to screens this portal has.
 * Paths are relative to /admin-page; '' is the dashboard of a role's lists.
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

/**
 * Every menu entry in the order of spec 2 §2; a role sees the entries it may open (canOpen, from
 * the permission table in shared/src/access.ts), so a permission given or taken there shows or
 * hides the entry with no change here.
 */
const MENU: GroupSpec[] = [
  [null, ['', 'admin-dashboard', 'live-map', 'field-pack']],
  ['staff.menu.group.new', ['Unseen', 'Seen', 'unounseen', 'unoseen', 'bunseen', 'bseen']],
  ['staff.menu.group.pending', ['pendingOne', 'approvable', 'notapprovable']],
  ['staff.menu.group.archive', ['active', 'decline', 'rejected']],
  [
    'staff.menu.group.renewal',
    ['chairReUnseen', 'chairReSeen', 'unoReUnseen', 'unoReSeen', 'badcReUnseen', 'badcReSeen'],
  ],
  [
    'staff.menu.group.change',
    [
      'chairChangeUnseen',
      'chairChangeSeen',
      'unoChangeUnseen',
      'unoChangeSeen',
      'changePending',
      'changeApproved',
      'changeDecline',
    ],
  ],
  ['staff.menu.group.licence', ['licenseTesting', 'licenseActive', 'licenseExpire', 'licenseSuspend']],
  [
    'register.menu.group',
    ['all-application', 'all-application2', 'all-application3', 'all-application4', 'resolution'],
  ],
  [
    'staff.menu.group.website',
    ['base-setting', 'headline', 'slider', 'photo-gallery', 'geo-database', 'file-archive', 'video-gallery'],
  ],
  ['content.menu.group.pages', ['web-notice', 'web-policies', 'web-application-instruction', 'web-about-us']],
  ['services.menu.group.services', ['contact', 'message', 'complaint', 'copy']],
  // The audit page sits with the accounts: both are the Admin's oversight of who does what (decision 041).
  ['staff.menu.group.account', ['manage-account', 'audit', 'profile', 'setting']],
];

const PAGE_LABELS: Record<string, MessageKey> = {
  '': 'staff.menu.dashboard',
  'base-setting': 'staff.menu.baseSetting',
  'manage-account': 'staff.menu.manageAccount',
  audit: 'audit.menu',
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
  'live-map': 'map.menu.liveMap',
  'field-pack': 'fieldPack.menu',
  // The office's register (docs/decisions/037-register-lists-and-exports.md).
  'all-application': 'register.menu.new',
  'all-application2': 'register.menu.old',
  'all-application3': 'register.menu.change',
  'all-application4': 'register.menu.renew',
  resolution: 'resolutions.menu',
  contact: 'services.menu.contact',
  message: 'services.menu.message',
  complaint: 'services.menu.complaint',
  copy: 'services.menu.copy',
};

/**
 * Spec 2 §2 gives the UNO its licence group before its change group and BADC the other way round;
 * the groups named here take, for that role, the places they would otherwise have, in this order.
 */
const ROLE_GROUP_ORDER: Partial<Record<StaffRole, MessageKey[]>> = {
  UNO: ['staff.menu.group.licence', 'staff.menu.group.change'],
};

/** Inside a group the entries are short ("Unseen" under "Application New"); the screen's title says the rest. */
const UNSEEN = [
  'Unseen',
  'unounseen',
  'bunseen',
  'chairReUnseen',
  'unoReUnseen',
  'badcReUnseen',
  'chairChangeUnseen',
  'unoChangeUnseen',
];
const SEEN = ['Seen', 'unoseen', 'bseen', 'chairReSeen', 'unoReSeen', 'badcReSeen', 'chairChangeSeen', 'unoChangeSeen'];

function labelFor(path: string): MessageKey {
  if (PAGE_LABELS[path]) return PAGE_LABELS[path];
  if (UNSEEN.includes(path)) return 'staff.menuItem.Unseen';
  if (SEEN.includes(path)) return 'staff.menuItem.Seen';
  if (!LIST_SCREENS.some((s) => s.path === path)) throw new Error(`menu entry without a screen: ${path}`);
  return `staff.menuItem.${path}` as MessageKey;
}

function orderedFor(role: StaffRole): GroupSpec[] {
  const order = ROLE_GROUP_ORDER[role];
  if (!order) return MENU;
  const slots = MENU.flatMap(([key], i) => (key !== null && order.includes(key) ? [i] : []));
  const moved = order.map((key) => MENU.find(([k]) => k === key)!);
  const result = [...MENU];
  slots.forEach((slot, j) => (result[slot] = moved[j]!));
  return result;
}

export function menuFor(role: StaffRole): MenuGroup[] {
  return orderedFor(role).flatMap(([titleKey, paths]) => {
    const entries = paths.filter((path) => canOpen(role, path)).map((path) => ({ path, labelKey: labelFor(path) }));
    if (entries.length === 0) return [];
    // A group the role has one entry of is that entry alone, as in spec 2 §2 (BADC's "file-archive").
    return [{ titleKey: entries.length > 1 ? titleKey : null, entries }];
  });
}
