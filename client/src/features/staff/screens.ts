import { can, queuePermission, type Permission } from '@portal/shared/access';
import type { StaffRole } from '@portal/shared/constants';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { QueueName } from '@portal/shared/workflow/types';

/**
 * The staff panel's screens as data: which legacy path (spec 3 §2) shows which server queue,
 * which detail screen a row's View opens, and which permission opens what. The server enforces the
 * same permission table (shared/src/access.ts); the client uses it to build menus and to turn a
 * wrong role back to /admin-page (spec 2 §2 guards).
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

/**
 * Detail screens: the permission that brings a role there (shared/src/access.ts). The server also
 * checks the record: a role reads only applications its lists show (docs/decisions/017-permissions.md).
 */
export const DETAIL_PERMISSION: Record<DetailRoute, Permission> = {
  'u-unseen-view': 'review.forward',
  'seen-view': 'applications.read',
  'b-unseen-view': 'review.decide',
  'pending-view': 'review.decide',
  'approvable-view': 'review.decide',
  licensePrint: 'licences.read',
};

/** Screens that are not lists or details; null = every role (its own account). */
export const PAGE_PERMISSION = {
  'base-setting': 'settings.manage',
  'manage-account': 'accounts.manage',
  profile: null,
  setting: null,
  // The public website's content (spec 2 §2); the file archive is also BADC's (spec 2 §6).
  headline: 'content.manage',
  slider: 'content.manage',
  'photo-gallery': 'content.manage',
  'geo-database': 'content.manage',
  'file-archive': 'archive.manage',
  'video-gallery': 'content.manage',
  'web-notice': 'content.manage',
  'web-policies': 'content.manage',
  'web-application-instruction': 'content.manage',
  'web-about-us': 'content.manage',
  // Citizen services (spec 2 §2, §6): complaints and copies are BADC's, the Admin sees them too.
  'admin-dashboard': 'dashboard.admin',
  contact: 'contacts.manage',
  message: 'messages.send',
  complaint: 'services.manage',
  copy: 'services.manage',
} as const satisfies Record<string, Permission | null>;

/**
 * Who may open a first-level path under /admin-page, by the permission table. '' is the dashboard
 * of a role's lists (the Admin has its own, admin-dashboard). Unknown paths: nobody.
 */
export function canOpen(role: StaffRole, path: string): boolean {
  if (path === '') return LIST_SCREENS.some((s) => can(role, queuePermission(s.queue)));
  const screen = LIST_SCREENS.find((s) => s.path === path);
  if (screen) return can(role, queuePermission(screen.queue));
  if (path in DETAIL_PERMISSION) return can(role, DETAIL_PERMISSION[path as DetailRoute]);
  if (path in PAGE_PERMISSION) {
    const permission: Permission | null = PAGE_PERMISSION[path as keyof typeof PAGE_PERMISSION];
    return permission === null || can(role, permission);
  }
  return false;
}
