import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../constants.js';
import { toLatinDigits } from '../i18n/digits.js';
import { isoDateSchema, pageNumberSchema, pageSizeSchema } from './fields.js';

/**
 * The office's audit (issue 10 "Audit you can follow"; docs/decisions/041-audit-trail.md): every
 * change writes a row of audit_log, and the Admin's audit page reads them, searchable by who, what
 * and when.
 */

/**
 * The records a row can be about. Applications and licences have their own columns; every other
 * record is named by type and id (audit_log.entity_type, entity_id).
 */
export const AUDIT_ENTITY_TYPES = [
  'application',
  'licence',
  'settings',
  'locality',
  'image',
  'archiveFile',
  'notice',
  'page',
  'videos',
  'account',
  'smsBatch',
  'resolution',
  'complaint',
  'copyRequest',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * The actions the portal writes, grouped as the audit page's "what" select offers them; each has a
 * past-tense label `decisions.history.<action>` in both languages (a test holds them together). An
 * action a later feature adds is still listed and searchable by its code until it is named here.
 */
export const AUDIT_ACTION_GROUPS = {
  application: [
    'submitted',
    'received-complete',
    'forward',
    'forwardAll',
    'inspect',
    'requestRecheck',
    'decideFirst',
    'updateFinal',
    'approve',
    'decline',
    'decideRenewal',
    'decideChange',
    'override',
    'uploadFile',
    'amendFields',
    'amendFile',
    'amended',
    'fieldVisit',
    'changeApprover',
  ],
  register: [
    'editFields',
    'replaceFile',
    'registerSms',
    'registerDelete',
    'registerRestore',
    'oldRecord.entered',
    'oldRecord.imported',
    'resolution-created',
    'resolution-updated',
    'resolution-deleted',
  ],
  licence: ['licence.confirm', 'licence.suspend', 'licence.reactivate', 'licence.movedIn', 'licence.movedOut'],
  services: ['complaint-status', 'complaint-deleted', 'copy-status', 'copy-deleted'],
  settings: [
    'settings.update',
    'locality.create',
    'locality.update',
    'locality.delete',
    'office.opened',
    'office.changed',
  ],
  content: [
    'image.create',
    'image.delete',
    'geo-item-position',
    'geo-item-position-cleared',
    'archiveFile.create',
    'archiveFile.delete',
    'notice.create',
    'notice.file',
    'notice.delete',
    'page.update',
    'videos.update',
  ],
  accounts: [
    'account.register',
    'account.rename',
    'account.role',
    'account.delete',
    'account.passwordChange',
    'account.passwordReset',
    'account.adminSet',
    'account.adminAppointed',
    'account.areaRole',
    'account.areaRoleGranted',
    'account.areaRoleRevoked',
  ],
  messages: ['bulk-sms', 'notice.sms'],
} as const satisfies Record<string, readonly string[]>;
export type AuditActionGroup = keyof typeof AUDIT_ACTION_GROUPS;
export const AUDIT_ACTIONS: readonly string[] = Object.values(AUDIT_ACTION_GROUPS).flat();

/** An empty field of the filter form means "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `entity=notice` (every notice) or `entity=notice:<id>` (that one). An application's id must be
 * one (it is compared with a uuid column).
 */
export function parseAuditEntity(value: string): { type: AuditEntityType; id: string | null } | null {
  const at = value.indexOf(':');
  const type = at < 0 ? value : value.slice(0, at);
  const id = at < 0 ? null : value.slice(at + 1).trim();
  if (!(AUDIT_ENTITY_TYPES as readonly string[]).includes(type)) return null;
  if (id === '') return null;
  if (id !== null && (type === 'application' || type === 'licence') && !UUID.test(id)) return null;
  return { type: type as AuditEntityType, id };
}

/** GET /api/admin/audit: newest first by default; `size` is accepted for `pageSize`. */
export const auditQuerySchema = z
  .object({
    page: pageNumberSchema.default(1),
    pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
    size: optional(pageSizeSchema),
    dir: z.enum(['asc', 'desc']).default('desc'),
    /** An account id, `citizen`, `system`, or part of an e-mail. */
    actor: optional(z.string().trim().max(200)),
    /** One action code (AUDIT_ACTIONS, or one a later feature writes). */
    action: optional(z.string().trim().max(60)),
    entity: optional(
      z
        .string()
        .trim()
        .max(100)
        .refine((v) => parseAuditEntity(v) !== null, { error: 'audit.v.entity' }),
    ),
    /** On or after this Dhaka date, and on or before `to`. */
    from: optional(isoDateSchema),
    to: optional(isoDateSchema),
    q: optional(z.string().trim().max(100).transform(toLatinDigits)),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { error: 'audit.v.range', path: ['to'] });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** A value as the audit keeps it: scalars; a list is kept as its text. */
export const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditValue = z.infer<typeof auditValueSchema>;

/** One field a change changed, with its value before and after ("name: before → after"). */
export const auditChangeSchema = z.object({ name: z.string(), before: auditValueSchema, after: auditValueSchema });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** Any other plain fact of the row (how many numbers a text went to, a licence number…). */
export const auditFactSchema = z.object({ name: z.string(), value: auditValueSchema });
export type AuditFact = z.infer<typeof auditFactSchema>;

export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The officer's e-mail at the time, or `citizen` / `system`. */
  actor: z.string(),
  actorUserId: z.number().int().nullable(),
  action: z.string(),
  entity: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  /** The application the row is about, with its number (a deleted one keeps it). */
  application: z.object({ id: z.string(), number: z.number().int().nullable() }).nullable(),
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
  note: z.string().nullable(),
  changes: z.array(auditChangeSchema).nullable(),
  facts: z.array(auditFactSchema),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({
  rows: z.array(auditRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
