import { z } from 'zod';
import { normaliseMobile } from '../i18n/digits.js';
import { listQueryShape, mobileSchema, requiredText } from './fields.js';

/**
 * Citizen services other than applications (spec 1 §2-§5, §8; spec 2 §2-§8): the office's lists of
 * complaints and copy requests, contact messages, the Admin's bulk text messages and dashboard, and
 * the public list of issued licences. Complaints and copies are sent through the one intake like
 * every other request (../kinds/, docs/decisions/023-one-intake.md).
 */

import { COPY_APP_TYPES } from '../kinds/copy.js';
import { REQUEST_KINDS } from '../kinds/slots.js';
import { stageSchema } from './settings.js';

/** The office's two service lists (/api/services/complaints, /api/services/copies). */
export type ServiceKind = 'complaint' | 'copy';

/** What the office has done about a complaint or copy request (instead of the legacy delete-only). */
export const SERVICE_STATUSES = ['received', 'in_progress', 'resolved'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const setServiceStatusSchema = z.object({
  status: z.enum(SERVICE_STATUSES, { error: 'v.choose' }),
  note: z.string().trim().max(1000, { error: 'v.tooLong' }).default(''),
});
export type SetServiceStatusRequest = z.input<typeof setServiceStatusSchema>;

/** Query of the services' lists (spec 2 §2 "All lists share"): paged, searched and sorted by the server. */
export const serviceListQuerySchema = z.object({
  ...listQueryShape,
  sort: z.enum(['referenceNumber', 'name', 'licenceNumber', 'mobile', 'status', 'submittedAt']).default('submittedAt'),
});
export type ServiceListQuery = z.output<typeof serviceListQuerySchema>;

export const serviceFileSchema = z.object({
  id: z.string().uuid(),
  slot: z.string(),
  mime: z.string(),
  size: z.number().int(),
});

export const serviceRowSchema = z.object({
  id: z.string().uuid(),
  referenceNumber: z.number().int(),
  /** Complaint: the complainant. Copy: empty. */
  name: z.string(),
  /** Copy: the licence asked for. Complaint: empty. */
  licenceNumber: z.string(),
  fee: z.string(),
  appType: z.enum(COPY_APP_TYPES).nullable(),
  mobile: z.string(),
  status: z.enum(SERVICE_STATUSES),
  statusNote: z.string(),
  submittedAt: z.string().nullable(),
  files: z.array(serviceFileSchema),
});
export type ServiceRow = z.infer<typeof serviceRowSchema>;

export const servicePageSchema = z.object({
  rows: z.array(serviceRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ServicePage = z.infer<typeof servicePageSchema>;

// ---- Contact messages (spec 1 §2 home page; spec 2 §2 "Contact") ---------------------------------

export const contactMessageSchema = z.object({
  name: requiredText(200),
  phone: mobileSchema,
  message: requiredText(2000),
});
export type ContactMessageRequest = z.input<typeof contactMessageSchema>;

export const contactListQuerySchema = z.object({
  ...listQueryShape,
  sort: z.enum(['name', 'phone', 'createdAt']).default('createdAt'),
});

export const contactRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactRow = z.infer<typeof contactRowSchema>;

export const contactPageSchema = z.object({
  rows: z.array(contactRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ContactPage = z.infer<typeof contactPageSchema>;

// ---- Bulk text messages (spec 2 §2 "Message") ----------------------------------------------------

export const SMS_BODY_MAX = 1000;

export const bulkSmsSchema = z.object({
  /** Made on the page: a second press of Send (or a retry after a lost answer) queues nothing twice. */
  batchId: z.string().uuid(),
  /** Free text: numbers separated by commas, spaces or new lines (Bangla or Latin digits, +88 allowed). */
  numbers: z.string().trim().min(1, { error: 'v.required' }).max(20_000, { error: 'v.tooLong' }),
  message: requiredText(SMS_BODY_MAX),
});
export type BulkSmsRequest = z.input<typeof bulkSmsSchema>;

export const bulkSmsResponseSchema = z.object({ queued: z.number().int() });

/**
 * Splits the free-text list at commas, semicolons and new lines; a piece that is not one number
 * (spaces may sit inside a number: 01712 345678) is split again at spaces. Each piece is then
 * checked with normaliseMobile on both sides.
 */
export function splitNumbers(text: string): string[] {
  return text.split(/[,;\n\r]+/).flatMap((piece) => {
    const p = piece.trim();
    if (!p) return [];
    return normaliseMobile(p) ? [p] : p.split(/\s+/);
  });
}

export const SMS_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const smsListQuerySchema = z.object({
  ...listQueryShape,
  status: z.enum(SMS_STATUSES).optional(),
  sort: z.enum(['createdAt']).default('createdAt'),
});

export const smsRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  kind: z.string(),
  /** One-time codes are masked: the Admin never sees a citizen's code. */
  body: z.string(),
  status: z.enum(SMS_STATUSES),
  attempts: z.number().int(),
  gatewayReply: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SmsRow = z.infer<typeof smsRowSchema>;

export const smsPageSchema = z.object({
  rows: z.array(smsRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SmsPage = z.infer<typeof smsPageSchema>;

// ---- Admin dashboard (spec 2 §2; README defect 6: no card is a constant 0) -----------------------

export const adminDashboardSchema = z.object({
  newApplications: z.number().int(),
  existingApplications: z.number().int(),
  renewApplications: z.number().int(),
  unseenApplications: z.number().int(),
  seenApplications: z.number().int(),
  users: z.number().int(),
  activeLicences: z.number().int(),
  expiredLicences: z.number().int(),
  suspendedLicences: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/**
 * The dashboards' two charts (GET /api/staff/dashboard/charts, docs/decisions/042-dashboard-charts.md):
 * applications received per month by kind, and where the live applications stand now. Kinds and
 * stages come as the server orders them (REQUEST_KINDS, STAGES), every one present, zeros included.
 */
export const dashboardChartsSchema = z.object({
  /** The last twelve months in Dhaka ('YYYY-MM'), oldest first, this month last. */
  months: z.array(z.string()),
  /** One series per request kind; counts[i] is the applications of that kind received in months[i]. */
  perMonth: z.array(z.object({ kind: z.enum(REQUEST_KINDS), counts: z.array(z.number().int()) })),
  /** Live applications at each stage now, in pipeline order, ending with the approved and the declined. */
  stages: z.array(z.object({ stage: stageSchema, count: z.number().int() })),
});
export type DashboardCharts = z.infer<typeof dashboardChartsSchema>;

// ---- Public list of issued licences (/dataTable) -------------------------------------------------

export const publicLicenceQuerySchema = z.object({
  ...listQueryShape,
  sort: z.enum(['licenceNumber', 'name', 'union', 'mouza', 'validTo']).default('licenceNumber'),
});

/** No mobile numbers and no documents: this list is open to anyone. */
export const publicLicenceRowSchema = z.object({
  licenceNumber: z.number().int(),
  name: z.string(),
  union: z.string(),
  mouza: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  expired: z.boolean(),
});
export type PublicLicenceRow = z.infer<typeof publicLicenceRowSchema>;

export const publicLicencePageSchema = z.object({
  rows: z.array(publicLicenceRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PublicLicencePage = z.infer<typeof publicLicencePageSchema>;
