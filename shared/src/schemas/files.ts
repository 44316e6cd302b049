import { z } from 'zod';

import { APPLICATION_DOC_SLOTS, RENEWAL_SLOTS } from '../kinds/slots.js';

// The citizen slots and the picture-only rule live in ../kinds/slots.ts (decision 020).
export { APPLICATION_DOC_SLOTS, IMAGE_ONLY_SLOTS, type ApplicationDocSlot } from '../kinds/slots.js';

/** Files officers attach during review (spec 3 §3: applicantImage9, SommotiFile, Bankslip). */
export const OFFICER_FILE_SLOTS = ['inspectionReport', 'bankSlip', 'managerConsent'] as const;
export type OfficerFileSlot = (typeof OFFICER_FILE_SLOTS)[number];

/** Every slot an application's files can be in: the citizen's (new/existing/change, renewal), the officers', the consent letter. */
export const FILE_SLOTS = [
  ...APPLICATION_DOC_SLOTS,
  ...(RENEWAL_SLOTS.filter((s) => !(APPLICATION_DOC_SLOTS as readonly string[]).includes(s)) as (
    'licenceCopy' | 'depositReceipt'
  )[]),
  ...OFFICER_FILE_SLOTS,
  'citizenConsent',
] as const;
export type FileSlot = (typeof FILE_SLOTS)[number];
export const fileSlotSchema = z.enum(FILE_SLOTS);

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
