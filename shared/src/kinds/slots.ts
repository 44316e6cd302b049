/**
 * The request kinds of the office (spec 1 §1, §3, §5; spec 3 §2-§5) as zod-free constants, so the
 * client can load them with no validation library: each kind's file slots in the legacy order, which
 * slots take only pictures, which review pipeline a kind follows and what its approval does to a
 * licence. Each kind's form schema lives beside this file in <kind>.ts; decision 020 explains the
 * design. This file is the only place a slot list or the picture-only rule is written.
 */

/** Every kind a citizen can send through the intake. The first five are stored as applications. */
export const KINDS = ['New', 'Existing', 'Renew', 'NameChange', 'PlotChange', 'Complaint', 'Copy'] as const;
export type Kind = (typeof KINDS)[number];

/** Kinds kept in the applications table (and reviewed); 'Old' is the Admin's old-record entry (issue 10). */
export const REQUEST_KINDS = ['New', 'Existing', 'Renew', 'NameChange', 'PlotChange'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const STORED_KINDS = [...REQUEST_KINDS, 'Old'] as const;
export type StoredKind = (typeof STORED_KINDS)[number];

/** The path segment of each kind in /api/intake/{slug}. */
export const KIND_SLUG = {
  New: 'new',
  Existing: 'existing',
  Renew: 'renew',
  NameChange: 'name-change',
  PlotChange: 'plot-change',
  Complaint: 'complaint',
  Copy: 'copy',
} as const satisfies Record<Kind, string>;
export type KindSlug = (typeof KIND_SLUG)[Kind];
export const kindOfSlug = (slug: string): Kind | undefined =>
  (Object.keys(KIND_SLUG) as Kind[]).find((k) => KIND_SLUG[k] === slug);

/**
 * The seven application documents in the legacy image1..image7 order (spec 1 §3), which is also the
 * order of the checklist items reason1..reason7 (spec 3 §5) and of the change review's marks.
 */
export const APPLICATION_DOC_SLOTS = [
  'photo',
  'signature',
  'nid',
  'landRecord',
  'landTaxReceipt',
  'mouzaMap',
  'electricityBill',
] as const;
export type ApplicationDocSlot = (typeof APPLICATION_DOC_SLOTS)[number];

/** Renewal's six documents (spec 1 §5 "all six files"; spec 3 §5 six document checks, in this order). */
export const RENEWAL_SLOTS = ['photo', 'nid', 'licenceCopy', 'landRecord', 'landTaxReceipt', 'depositReceipt'] as const;
/** Complaint files, legacy image1..image4 (spec 1 §3). */
export const COMPLAINT_SLOTS = ['licenceForm', 'depositReceipt', 'complaintForm', 'certificate'] as const;
/** Copy-request files, legacy image1..image6 (spec 1 §3). */
export const COPY_SLOTS = ['photo', 'nid', 'gdCopy', 'licenceCopy', 'electricityBill', 'depositReceipt'] as const;

/**
 * The slots each kind requires, every one of them (spec README defect 7: each slot is what its label
 * says). The new form has six: the electricity bill is for a pump that already runs (spec 3 §3).
 */
export const KIND_SLOTS = {
  New: APPLICATION_DOC_SLOTS.slice(0, 6) as readonly ApplicationDocSlot[],
  Existing: APPLICATION_DOC_SLOTS,
  Renew: RENEWAL_SLOTS,
  NameChange: APPLICATION_DOC_SLOTS,
  PlotChange: APPLICATION_DOC_SLOTS,
  Complaint: COMPLAINT_SLOTS,
  Copy: COPY_SLOTS,
} as const satisfies Record<Kind, readonly string[]>;
export type KindSlot<K extends Kind> = (typeof KIND_SLOTS)[K][number];
/** Any slot a citizen's form can send. */
export type CitizenSlot = (typeof KIND_SLOTS)[Kind][number];
export const CITIZEN_SLOTS = [...new Set(Object.values(KIND_SLOTS).flat())] as readonly CitizenSlot[];

/** Slots that must hold a picture, in every kind (spec 1 §5: the photo and the signature). */
export const IMAGE_ONLY_SLOTS: readonly string[] = ['photo', 'signature'];
export const isImageOnlySlot = (slot: string): boolean => IMAGE_ONLY_SLOTS.includes(slot);

/** Which review pipeline a kind follows (shared/src/workflow/); complaints and copies have none. */
export const KIND_PIPELINE = {
  New: 'new',
  Existing: 'new',
  Renew: 'renewal',
  NameChange: 'change',
  PlotChange: 'change',
  Complaint: null,
  Copy: null,
} as const satisfies Record<Kind, 'new' | 'renewal' | 'change' | null>;
export type PipelineName = 'new' | 'renewal' | 'change';

/** What an approval does to a licence (shared/src/workflow/licence.ts carries it out). */
export const KIND_ON_APPROVE = {
  New: 'issue',
  Existing: 'issue',
  Renew: 'addPeriod',
  NameChange: 'changeName',
  PlotChange: 'changePlot',
  Complaint: 'none',
  Copy: 'none',
} as const satisfies Record<Kind, 'issue' | 'addPeriod' | 'changeName' | 'changePlot' | 'none'>;

/**
 * Checklist answers an officer gives: seven for new and existing wells (the seventh, the electricity
 * bill, is asked only of an existing pump; spec 3 §5), six for a renewal, seven marks on a change.
 */
export const KIND_CHECKLIST = {
  New: { items: 7, asked: 6 },
  Existing: { items: 7, asked: 7 },
  Renew: { items: 6, asked: 6 },
  NameChange: { items: 7, asked: 7 },
  PlotChange: { items: 7, asked: 7 },
} as const satisfies Record<RequestKind, { items: number; asked: number }>;

/** Kinds a licence holder sends about a licence that already exists (applications.licence_id). */
export const KINDS_ON_A_LICENCE: readonly Kind[] = ['Renew', 'NameChange', 'PlotChange'];
