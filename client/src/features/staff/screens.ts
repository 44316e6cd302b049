import type { StaffRole } from '@portal/shared/constants';
import { STAFF_ROLES } from '@portal/shared/constants';
import type { MessageKey } from '@portal/shared/i18n/index';
import { QUEUES, type QueueName } from '@portal/shared/workflow/types';

/**
 * The staff panel's screens as data: which legacy path (spec 3 §2) shows which server queue,
 * which detail screen a row's View opens, and who may open what. The server enforces the same
 * roles (workflow/types.ts QUEUES); the client uses them to build menus and to turn a wrong role
 * back to /admin-page (spec 2 §2 guards).
 */
export type DetailRoute =
  'u-unseen-view' | 'seen-view' | 'b-unseen-view' | 'pending-view' | 'approvable-view' | 'licensePrint';

/** Column sets of spec 3 §2: new-application lists, the same with remarks, archive with licence no., licence lists. */
export type ColumnSet = 'application' | 'remarks' | 'approved' | 'licence';
export type ListSort = 'submittedAt' | 'licenceNumber' | 'validTo';

export interface ListScreen {
  path: string;
  queue: QueueName;
  titleKey: MessageKey;
  detail: DetailRoute;
  columns: ColumnSet;
  /** Seen/unseen counters in the header of the new-application lists (spec 3 §2). */
  counters: boolean;
  /** Forward All on the Chairman and UNO unseen lists (spec 3 §5, API forward-all). */
  forwardAll: boolean;
  defaultSort: { sort: ListSort; dir: 'asc' | 'desc' };
}

const byDate = { sort: 'submittedAt', dir: 'desc' } as const;
const byLicence = { sort: 'licenceNumber', dir: 'desc' } as const;

function list(
  path: string,
  queue: QueueName,
  detail: DetailRoute,
  columns: ColumnSet,
  extra: Partial<ListScreen> = {},
): ListScreen {
  return {
    path,
    queue,
    titleKey: `staff.list.${path}` as MessageKey,
    detail,
    columns,
    counters: false,
    forwardAll: false,
    defaultSort: columns === 'licence' ? byLicence : byDate,
    ...extra,
  };
}

export const LIST_SCREENS: readonly ListScreen[] = [
  list('Unseen', 'chairman-unseen', 'u-unseen-view', 'application', { counters: true, forwardAll: true }),
  list('Seen', 'chairman-seen', 'seen-view', 'application', { counters: true }),
  list('unounseen', 'uno-unseen', 'u-unseen-view', 'application', { counters: true, forwardAll: true }),
  list('unoseen', 'uno-seen', 'seen-view', 'application', { counters: true }),
  list('bunseen', 'badc-unseen', 'b-unseen-view', 'application', { counters: true }),
  list('bseen', 'badc-seen', 'seen-view', 'application', { counters: true }),
  list('pendingOne', 'pending', 'pending-view', 'application'),
  list('approvable', 'approvable', 'approvable-view', 'remarks'),
  list('notapprovable', 'notapprovable', 'approvable-view', 'remarks'),
  list('active', 'active', 'seen-view', 'approved'),
  list('decline', 'decline', 'seen-view', 'remarks'),
  list('licenseTesting', 'licence-testing', 'licensePrint', 'licence'),
  list('licenseActive', 'licence-active', 'licensePrint', 'licence'),
  list('licenseExpire', 'licence-expired', 'licensePrint', 'licence'),
  list('licenseSuspend', 'licence-suspended', 'licensePrint', 'licence'),
];

const REVIEWERS: readonly StaffRole[] = ['Chairman', 'UNO', 'BADC', 'Pollibidut'];

/** Detail screens (helpers E2 and F build them); the API lets any staff role read a detail, the menu decides who gets there. */
export const DETAIL_ROLES: Record<DetailRoute, readonly StaffRole[]> = {
  'u-unseen-view': ['Chairman', 'UNO'],
  'seen-view': [...REVIEWERS, 'Admin'],
  'b-unseen-view': ['BADC'],
  'pending-view': ['BADC'],
  'approvable-view': ['BADC'],
  licensePrint: STAFF_ROLES,
};

/** Screens that are not lists or details. */
export const PAGE_ROLES = {
  'base-setting': ['Admin'],
  'manage-account': ['Admin'],
  profile: STAFF_ROLES,
  setting: STAFF_ROLES,
  // The public website's content (spec 2 §2); the file archive is also BADC's (spec 2 §6).
  headline: ['Admin'],
  slider: ['Admin'],
  'photo-gallery': ['Admin'],
  'geo-database': ['Admin'],
  'file-archive': ['Admin', 'BADC'],
  'video-gallery': ['Admin'],
  'web-notice': ['Admin'],
  'web-policies': ['Admin'],
  'web-application-instruction': ['Admin'],
  'web-about-us': ['Admin'],
  // Citizen services (helper G2; spec 2 §2, §6): complaints and copies are BADC's, the Admin sees them too.
  'admin-dashboard': ['Admin'],
  contact: ['Admin'],
  message: ['Admin'],
  complaint: ['BADC', 'Admin'],
  copy: ['BADC', 'Admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export function rolesForList(screen: ListScreen): readonly StaffRole[] {
  return QUEUES[screen.queue];
}

/** Who may open a first-level path under /admin-page ('' = the dashboard). Unknown paths: nobody. */
export function rolesForPath(path: string): readonly StaffRole[] {
  if (path === '') return STAFF_ROLES;
  const screen = LIST_SCREENS.find((s) => s.path === path);
  if (screen) return rolesForList(screen);
  if (path in DETAIL_ROLES) return DETAIL_ROLES[path as DetailRoute];
  if (path in PAGE_ROLES) return PAGE_ROLES[path as keyof typeof PAGE_ROLES];
  return [];
}

export function canOpen(role: StaffRole, path: string): boolean {
  return rolesForPath(path).includes(role);
}
