import { STAFF_ROLES, type AreaRole, type StaffRole } from './constants.js';
import { pipelineOf, type Action, type PipelineState, type QueueName } from './workflow/types.js';

/**
 * The one permission table (docs/decisions/017-permissions.md): permission → the staff roles that
 * hold it. The server's guards, the client's menus and screens, the review pipeline and the access
 * test all read it; nothing else names a role to decide what it may do. Anything not granted here
 * is refused (deny by default, guide QUALITY.md "Security").
 *
 * Each role gets what its screens need (spec 2 §2 "Menu by role", §6; spec 3 §2, §6):
 * - Admin: the public site, the accounts, site settings, texts; and, with BADC, the office's register
 *   of every application (issue 10; docs/decisions/037-register-lists-and-exports.md).
 * - Chairman, UNO: their own review lists and forward; the archive; UNO also the licence lists.
 * - BADC: its review lists, every decision, the licences, the file archive, complaints and copies.
 * - Pollibidut: read-only over its archive and licence lists, without the applicant's documents.
 */
export const PERMISSIONS = {
  // Site administration (spec 2 §6).
  'accounts.manage': ['Admin'],
  'settings.manage': ['Admin'],
  'content.manage': ['Admin'],
  'contacts.manage': ['Admin'],
  'messages.send': ['Admin'],
  'dashboard.admin': ['Admin'],
  // The dashboards' charts: applications per month by kind and the stage funnel, counted over the
  // whole register, so its keepers' (register.read): the Admin and BADC
  // (docs/decisions/042-dashboard-charts.md).
  'dashboard.charts': ['Admin', 'BADC'],
  // The audit page: every change by anyone, accounts and settings included, searchable by who, what
  // and when; the Admin's, who keeps the accounts (docs/decisions/041-audit-trail.md). Officers read
  // an application's whole history on its detail instead.
  'audit.read': ['Admin'],
  // Spec 2 §6: the file archive, complaints and copy requests are BADC's too.
  'archive.manage': ['Admin', 'BADC'],
  'services.manage': ['Admin', 'BADC'],
  // The irrigation committee's resolutions and their printed list of applications (spec 2 §6;
  // docs/decisions/036-resolutions.md).
  'resolutions.manage': ['BADC', 'Admin'],

  // Applications: which ones a role may read is canReadApplication's answer below (its lists, or
  // the whole register for register.read: the Admin reads through that alone, decision 037).
  'applications.read': ['Chairman', 'UNO', 'BADC', 'Pollibidut', 'Admin'],
  // The uploaded files (NID, land record, photo, …) and the national ID number: the reviewers', and
  // the register's keepers (decision 037).
  'applications.readDocuments': ['Chairman', 'UNO', 'BADC', 'Admin'],
  // The office's register (spec 2 §2 "Application lists", decision 037): every application, of every
  // kind and stage, for BADC and the Admin.
  'register.read': ['BADC', 'Admin'],
  // Its CSV exports (old_applicant_data.csv and the others).
  'register.export': ['BADC', 'Admin'],
  // A text message to one application's mobile, from its register row.
  'register.sms': ['BADC', 'Admin'],
  // Soft delete with a reason; the row leaves every list and count.
  'register.delete': ['BADC', 'Admin'],
  // Undoing a delete, within 30 days: the Admin's alone.
  'register.restore': ['Admin'],
  // Old records from the paper register, one by one or a CSV (docs/decisions/039-old-records-import.md).
  'register.import': ['BADC', 'Admin'],
  'licences.read': ['Chairman', 'UNO', 'BADC', 'Pollibidut'],
  // The live map (docs/decisions/028-map-and-siting.md): dots with a number, a state and a size; a
  // name only where the role may read the application or the well is licensed.
  'map.view': ['UNO', 'BADC', 'Admin'],
  // The siting check beside BADC's checklist, of an application its lists show.
  'applications.siting': ['BADC'],

  // The review pipeline (docs/decisions/008-review-pipeline.md); shared/src/workflow/pipeline.ts
  // takes its actors from here through ACTION_PERMISSION.
  'review.forward': ['Chairman', 'UNO'],
  'review.decide': ['BADC'],
  'licences.manage': ['BADC'],
  'officerFiles.upload': ['BADC'],
  // The inspector's field visit and its photos (docs/decisions/030-field-visits.md), on an
  // application BADC's lists show (canReadApplication).
  'fieldVisits.record': ['BADC'],
  // The Chairman and the UNO read the visits of the applications they may read (their detail
  // screens and the visits layer of the live map; docs/decisions/035-live-map-clusters-and-visits.md).
  'fieldVisits.read': ['Chairman', 'UNO', 'BADC'],
  // The Admin's override of stage and seen flags, with a reason, from the edit view
  // (docs/decisions/038-edit-view-and-override.md); it reads the application through register.read.
  'review.override': ['Admin'],
  // The edit view (edit-view/{id}, spec 2 "Application lists"): every field and document of any
  // application in the register, audited with before and after (docs/decisions/038-edit-view-and-override.md).
  'register.edit': ['BADC', 'Admin'],

  // Review lists (spec 3 §2), one permission each: `queue.<name>`.
  'queue.chairman-unseen': ['Chairman'],
  'queue.chairman-seen': ['Chairman'],
  'queue.uno-unseen': ['UNO'],
  'queue.uno-seen': ['UNO'],
  'queue.badc-unseen': ['BADC'],
  'queue.badc-seen': ['BADC'],
  'queue.pending': ['BADC'],
  'queue.approvable': ['BADC'],
  'queue.notapprovable': ['BADC'],
  'queue.active': ['Chairman', 'UNO', 'BADC', 'Pollibidut'],
  'queue.decline': ['Chairman', 'UNO', 'BADC', 'Pollibidut'],
  // Renewals and changes at each level (spec 3 §2, §6: "unseen/seen lists for new, renewal and change").
  'queue.chairman-renew-unseen': ['Chairman'],
  'queue.chairman-renew-seen': ['Chairman'],
  'queue.uno-renew-unseen': ['UNO'],
  'queue.uno-renew-seen': ['UNO'],
  'queue.badc-renew-unseen': ['BADC'],
  'queue.badc-renew-seen': ['BADC'],
  'queue.chairman-change-unseen': ['Chairman'],
  'queue.chairman-change-seen': ['Chairman'],
  'queue.uno-change-unseen': ['UNO'],
  'queue.uno-change-seen': ['UNO'],
  'queue.change-pending': ['BADC'],
  'queue.change-approved': ['BADC'],
  'queue.change-decline': ['BADC'],
  // Every declined request of every kind: read like the decline archive.
  'queue.rejected': ['Chairman', 'UNO', 'BADC', 'Pollibidut'],
  'queue.licence-testing': ['BADC'],
  'queue.licence-active': ['UNO', 'BADC', 'Pollibidut'],
  'queue.licence-expired': ['UNO', 'BADC', 'Pollibidut'],
  'queue.licence-suspended': ['BADC'],
} as const satisfies Record<string, readonly StaffRole[]> & Record<`queue.${QueueName}`, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** The roles that hold every one of these permissions. */
export function rolesWith(...permissions: Permission[]): StaffRole[] {
  return STAFF_ROLES.filter((role) => permissions.every((p) => can(role, p)));
}

export const queuePermission = (queue: QueueName): Permission => `queue.${queue}`;

/**
 * What the area roles may do (docs/decisions/057-offices.md, step 4), beside the office roles'
 * table above: nobody acts in an office through these; they read across their area, and the
 * national administrator keeps the list of offices and appoints each office's first Admin.
 */
export const AREA_PERMISSIONS = {
  'offices.manage': ['NationalAdmin'],
  'offices.overview': ['NationalAdmin', 'DivisionViewer', 'DistrictViewer'],
  /** Moving licences and their wells between offices when an upazila is formed (issue 22). */
  'offices.move': ['NationalAdmin'],
  /** The register's lists and their CSV exports over the area's offices, read only. */
  'register.area': ['NationalAdmin', 'DivisionViewer', 'DistrictViewer'],
  /** The wells of the area's offices on one map, each tagged with its office. */
  'map.area': ['NationalAdmin', 'DivisionViewer', 'DistrictViewer'],
  /** Who views which district or division: granted and revoked on the national screen. */
  'areaRoles.manage': ['NationalAdmin'],
} as const satisfies Record<string, readonly AreaRole[]>;
export type AreaPermission = keyof typeof AREA_PERMISSIONS;

export function areaCan(role: AreaRole, permission: AreaPermission): boolean {
  return (AREA_PERMISSIONS[permission] as readonly AreaRole[]).includes(role);
}

/** Who may take each pipeline action at all; the stage is the pipeline's question (decision 008). */
export const ACTION_PERMISSION: Record<Action, Permission> = {
  forward: 'review.forward',
  inspect: 'review.decide',
  requestRecheck: 'review.decide',
  decideFirst: 'review.decide',
  updateFinal: 'review.decide',
  approve: 'review.decide',
  decline: 'review.decide',
  decideRenewal: 'review.decide',
  decideChange: 'review.decide',
  override: 'review.override',
};

/** What record-level access looks at: the request's kind, its stage and which levels have seen it. */
export type AccessState = Pick<PipelineState, 'kind' | 'stage' | 'seen'>;

type OnQueue = (s: AccessState) => boolean;
const ofPipeline =
  (pipeline: ReturnType<typeof pipelineOf>, rule: OnQueue): OnQueue =>
  (s) =>
    pipelineOf(s.kind) === pipeline && rule(s);
const isNew = (rule: OnQueue) => ofPipeline('new', rule);
const isRenewal = (rule: OnQueue) => ofPipeline('renewal', rule);
const isChange = (rule: OnQueue) => ofPipeline('change', rule);

/**
 * Whether a request in this state is on each list, at the stage level: the same conditions as the
 * SQL of server/src/modules/requests/queue.repository.ts (a server test holds the two together). The
 * licence lists hold licences; a licence's row opens the application that issued it, which is
 * Approved whatever the licence's own status (docs/decisions/021-review-engine-by-kind.md).
 */
const ON_QUEUE: Record<QueueName, OnQueue> = {
  'chairman-unseen': isNew((s) => s.stage === 'StepOne' && !s.seen.chairman),
  'chairman-seen': isNew((s) => s.seen.chairman),
  'uno-unseen': isNew((s) => s.stage === 'StepTwo' && !s.seen.uno),
  'uno-seen': isNew((s) => s.seen.uno),
  'badc-unseen': isNew((s) => s.stage === 'StepThree' && !s.seen.badc),
  'badc-seen': isNew((s) => s.seen.badc),
  pending: isNew((s) => s.stage === 'Pending'),
  approvable: isNew((s) => s.stage === 'Approvable'),
  notapprovable: isNew((s) => s.stage === 'NotApprovable'),
  active: isNew((s) => s.stage === 'Approved'),
  decline: isNew((s) => s.stage === 'Decline'),
  'chairman-renew-unseen': isRenewal((s) => s.stage === 'StepOne' && !s.seen.chairman),
  'chairman-renew-seen': isRenewal((s) => s.seen.chairman),
  'uno-renew-unseen': isRenewal((s) => s.stage === 'StepTwo' && !s.seen.uno),
  'uno-renew-seen': isRenewal((s) => s.seen.uno),
  'badc-renew-unseen': isRenewal((s) => s.stage === 'StepThree' && !s.seen.badc),
  'badc-renew-seen': isRenewal((s) => s.seen.badc),
  'chairman-change-unseen': isChange((s) => s.stage === 'StepOne' && !s.seen.chairman),
  'chairman-change-seen': isChange((s) => s.seen.chairman),
  'uno-change-unseen': isChange((s) => s.stage === 'StepTwo' && !s.seen.uno),
  'uno-change-seen': isChange((s) => s.seen.uno),
  'change-pending': isChange((s) => s.stage === 'Pending'),
  'change-approved': isChange((s) => s.stage === 'Approved'),
  'change-decline': isChange((s) => s.stage === 'Decline'),
  rejected: (s) => s.stage === 'Decline',
  'licence-testing': isNew((s) => s.stage === 'Approved'),
  'licence-active': isNew((s) => s.stage === 'Approved'),
  'licence-expired': isNew((s) => s.stage === 'Approved'),
  'licence-suspended': isNew((s) => s.stage === 'Approved'),
};

/** The lists an application in this state appears on. */
export function queuesHolding(state: AccessState): QueueName[] {
  return (Object.keys(ON_QUEUE) as QueueName[]).filter((q) => ON_QUEUE[q](state));
}

/**
 * Record-level read: a role reads an application (its detail, history and licence summary) when
 * it is on one of the role's lists. So the Chairman reads what is or was at its level, the UNO
 * likewise, BADC everything from its stage on, Pollibidut the approved and declined ones, and
 * nobody reads what none of its screens would show (issue 7 §2).
 */
export function canReadApplication(role: StaffRole, state: AccessState): boolean {
  if (!can(role, 'applications.read')) return false;
  // The register's keepers read every application (decision 037).
  if (can(role, 'register.read')) return true;
  return queuesHolding(state).some((q) => can(role, queuePermission(q)));
}

/** The applicant's uploaded files and national ID number, of an application the role may read. */
export function canReadDocuments(role: StaffRole, state: AccessState): boolean {
  return can(role, 'applications.readDocuments') && canReadApplication(role, state);
}

/** The licence certificate (and its PDFs) of an application the role may read. */
export function canReadLicence(role: StaffRole, state: AccessState): boolean {
  return can(role, 'licences.read') && canReadApplication(role, state);
}
