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
  | 'u-unseen-view'
  | 'seen-view'
  | 'b-unseen-view'
  | 'pending-view'
  | 'approvable-view'
  | 'licensePrint'
  // Renewals (spec 3 §2 "Renewal queues").
  | 'c-re-unseen-view'
  | 'u-re-unseen-view'
  | 'badc-re-unseen-view'
  | 'renew-seen-view'
  // Name and plot changes (spec 3 §2 "Change-application queues").
  | 'c-change-unseen-view'
  | 'uno-change-unseen-view'
  | 'change-pending-view'
  // A declined request of any kind, read-only (spec 3 §2: the rejected list's detail).
  | 'rejected-view'
  // The committee's resolutions (spec 2 §2; docs/decisions/036-resolutions.md).
  | 'resolutionEdit'
  | 'resolutionView'
  // The register's edit view and the Admin's stage by hand (docs/decisions/038-edit-view-and-override.md).
  | 'edit-view';

/**
 * Column sets of spec 3 §2: new-application lists, the same with remarks, archive with licence no.,
 * licence lists; renewal lists (type, name, union, village, licence no., date, fee, receipt no.);
 * change lists (the licence and the change asked); the rejected list (licence number first).
 */
export type ColumnSet = 'application' | 'remarks' | 'approved' | 'licence' | 'renewal' | 'change' | 'rejected';
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
  // Renewals: each level's unseen list opens its own detail, the seen lists one read-only detail.
  list('chairReUnseen', 'chairman-renew-unseen', 'c-re-unseen-view', 'renewal'),
  list('chairReSeen', 'chairman-renew-seen', 'renew-seen-view', 'renewal'),
  list('unoReUnseen', 'uno-renew-unseen', 'u-re-unseen-view', 'renewal'),
  list('unoReSeen', 'uno-renew-seen', 'renew-seen-view', 'renewal'),
  list('badcReUnseen', 'badc-renew-unseen', 'badc-re-unseen-view', 'renewal'),
  list('badcReSeen', 'badc-renew-seen', 'renew-seen-view', 'renewal'),
  // Changes: Forward All on the Chairman's and UNO's unseen lists; their seen lists open the same
  // detail read-only (the server offers no Forward there); BADC's three lists the review form.
  list('chairChangeUnseen', 'chairman-change-unseen', 'c-change-unseen-view', 'change', { forwardAll: true }),
  list('chairChangeSeen', 'chairman-change-seen', 'c-change-unseen-view', 'change'),
  list('unoChangeUnseen', 'uno-change-unseen', 'uno-change-unseen-view', 'change', { forwardAll: true }),
  list('unoChangeSeen', 'uno-change-seen', 'uno-change-unseen-view', 'change'),
  list('changePending', 'change-pending', 'change-pending-view', 'change'),
  list('changeApproved', 'change-approved', 'change-pending-view', 'change'),
  list('changeDecline', 'change-decline', 'change-pending-view', 'change'),
  list('rejected', 'rejected', 'rejected-view', 'rejected'),
];

/** Where Forward All leaves the officer (spec 3 §2: a change list's Forward All lands on its seen list). */
export const AFTER_FORWARD_ALL: Partial<Record<string, string>> = {
  chairChangeUnseen: 'chairChangeSeen',
  unoChangeUnseen: 'unoChangeSeen',
};

/**
 * Detail screens: the permissions that bring a role there, any one of them (shared/src/access.ts).
 * A screen of one level's list is opened by that list's permission, so the UNO never lands on the
 * Chairman's renewal detail. The server also checks the record: a role reads only requests its
 * lists show (docs/decisions/017-permissions.md).
 */
export const DETAIL_PERMISSION: Record<DetailRoute, readonly Permission[]> = {
  'u-unseen-view': ['review.forward'],
  'seen-view': ['applications.read'],
  'b-unseen-view': ['review.decide'],
  'pending-view': ['review.decide'],
  'approvable-view': ['review.decide'],
  licensePrint: ['licences.read'],
  'c-re-unseen-view': ['queue.chairman-renew-unseen'],
  'u-re-unseen-view': ['queue.uno-renew-unseen'],
  'badc-re-unseen-view': ['queue.badc-renew-unseen'],
  'renew-seen-view': ['queue.chairman-renew-seen', 'queue.uno-renew-seen', 'queue.badc-renew-seen'],
  'c-change-unseen-view': ['queue.chairman-change-unseen'],
  'uno-change-unseen-view': ['queue.uno-change-unseen'],
  'change-pending-view': ['queue.change-pending'],
  'rejected-view': ['queue.rejected'],
  resolutionEdit: ['resolutions.manage'],
  resolutionView: ['resolutions.manage'],
  'edit-view': ['register.edit'],
};

/** Screens that are not lists or details; null = every role (its own account). */
export const PAGE_PERMISSION = {
  'base-setting': 'settings.manage',
  'manage-account': 'accounts.manage',
  // Every change by anyone, searchable by who, what and when (docs/decisions/041-audit-trail.md).
  audit: 'audit.read',
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
  // Every well on a map (docs/decisions/029-map-picker-and-live-map.md).
  'live-map': 'map.view',
  // The field pack: the inspector who records visits prepares them (docs/decisions/031-field-pack.md).
  'field-pack': 'fieldVisits.record',
  // The office's register: new, old, change and renew (docs/decisions/037-register-lists-and-exports.md).
  'all-application': 'register.read',
  'all-application2': 'register.read',
  'all-application3': 'register.read',
  'all-application4': 'register.read',
  // The committee's resolutions (docs/decisions/036-resolutions.md).
  resolution: 'resolutions.manage',
  // Old records from the paper register; the legacy /old-application leads here (docs/decisions/039-old-records-import.md).
  'old-application': 'register.import',
} as const satisfies Record<string, Permission | null>;

/**
 * Who may open a first-level path under /admin-page, by the permission table. '' is the dashboard
 * of a role's lists (the Admin has its own, admin-dashboard). Unknown paths: nobody.
 */
export function canOpen(role: StaffRole, path: string): boolean {
  if (path === '') return LIST_SCREENS.some((s) => can(role, queuePermission(s.queue)));
  const screen = LIST_SCREENS.find((s) => s.path === path);
  if (screen) return can(role, queuePermission(screen.queue));
  if (path in DETAIL_PERMISSION) return DETAIL_PERMISSION[path as DetailRoute].some((p) => can(role, p));
  if (path in PAGE_PERMISSION) {
    const permission: Permission | null = PAGE_PERMISSION[path as keyof typeof PAGE_PERMISSION];
    return permission === null || can(role, permission);
  }
  return false;
}
