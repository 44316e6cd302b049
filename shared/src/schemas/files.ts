import { z } from 'zod';

/**
 * Document slots. The order is the legacy image1..image7 order (spec 1 §3),
 * which is also the order of the BADC checklist items reason1..reason7 (spec 3 §5).
 * Decision: docs/decisions/004-document-slots.md.
 */
export const APPLICATION_DOC_SLOTS = [
  'photo', // image1 applicant photo (image only)
  'signature', // image2 signature (image only)
  'nid', // image3 national ID copy
  'landRecord', // image4 land record / deed / khotian
  'landTaxReceipt', // image5 land tax receipt
  'mouzaMap', // image6 mouza map
  'electricityBill', // image7 electricity bill (existing-pump form only)
] as const;
export type ApplicationDocSlot = (typeof APPLICATION_DOC_SLOTS)[number];

/** Files officers attach during review (spec 3 §3: applicantImage9, SommotiFile, Bankslip). */
export const OFFICER_FILE_SLOTS = ['inspectionReport', 'bankSlip', 'managerConsent'] as const;
export type OfficerFileSlot = (typeof OFFICER_FILE_SLOTS)[number];

export const FILE_SLOTS = [...APPLICATION_DOC_SLOTS, ...OFFICER_FILE_SLOTS, 'citizenConsent'] as const;
export type FileSlot = (typeof FILE_SLOTS)[number];
export const fileSlotSchema = z.enum(FILE_SLOTS);

/** Slots that must hold an image (photo and signature, spec 1 §5). */
export const IMAGE_ONLY_SLOTS: readonly FileSlot[] = ['photo', 'signature'];

/** Slots each citizen form requires. The new form has six (spec 1 §5, without the legacy duplicate). */
export const REQUIRED_SLOTS_BY_KIND = {
  New: ['photo', 'signature', 'nid', 'landRecord', 'landTaxReceipt', 'mouzaMap'],
  Existing: ['photo', 'signature', 'nid', 'landRecord', 'landTaxReceipt', 'mouzaMap', 'electricityBill'],
} as const satisfies Record<string, readonly ApplicationDocSlot[]>;

export const storedFileSchema = z.object({
  id: z.string().uuid(),
  slot: fileSlotSchema,
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  originalName: z.string().nullable(),
  uploadedAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;
