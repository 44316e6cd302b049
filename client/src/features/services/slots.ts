import type { SERVICE_SLOTS, ServiceKind } from '@portal/shared/schemas/services';

/**
 * The file slots of each form, here without zod so the form paints before the validation code
 * arrives; `satisfies` keeps them identical to the shared contract (schemas/services.ts).
 */
export const FORM_SLOTS = {
  complaint: ['licenceForm', 'depositReceipt', 'complaintForm', 'certificate'],
  copy: ['photo', 'nid', 'gdCopy', 'licenceCopy', 'electricityBill', 'depositReceipt'],
} as const satisfies typeof SERVICE_SLOTS;

/** The copy's applicant photo must be a picture (spec 1 §5, as on the application); the server checks the bytes. */
export function isImageOnly(kind: ServiceKind, slot: string): boolean {
  return kind === 'copy' && slot === 'photo';
}
