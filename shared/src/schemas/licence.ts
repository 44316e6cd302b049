import { z } from 'zod';

/**
 * Everything the licence certificate shows (spec 1 §2 licence print, spec 3 §2 licensePrint):
 * used by the HTML print page and the PDF alike, for staff and for the verified citizen.
 */
export const licenceDocumentSchema = z.object({
  applicationId: z.string().uuid(),
  applicationNumber: z.number().int(),
  licenceNumber: z.number().int(),
  upazila: z.string(),
  district: z.string(),
  officeAddress: z.string(),
  approvalDate: z.string(),
  wellClass: z.string(),
  wellSize: z.string(),
  pumpType: z.string(),
  applicantName: z.string(),
  fatherName: z.string(),
  village: z.string(),
  union: z.string(),
  postOffice: z.string(),
  mouza: z.string(),
  jlNumber: z.string(),
  khotian: z.string(),
  dagNumber: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  termYears: z.number().int(),
  isTesting: z.boolean(),
  issuedOn: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.enum(['active', 'suspended']),
  suspendNote: z.string().nullable(),
  /** Earlier and renewal periods; the back page shows six rows, unused ones empty. */
  periods: z.array(z.object({ validFrom: z.string(), validTo: z.string() })),
  /** sign_status and text_1..text_6 (spec 3 §4); when not custom, the default UNO signature block. */
  approver: z.object({ custom: z.boolean(), lines: z.array(z.string()).max(6) }),
  /** Text encoded in the two QR codes: licence details, and the GPS location as a maps link. */
  qr: z.object({ details: z.string(), location: z.string().nullable() }),
});
export type LicenceDocument = z.infer<typeof licenceDocumentSchema>;
