import { isImageOnlySlot, KIND_SLOTS } from '@portal/shared/kinds/slots';
import type { ServiceKind } from '@portal/shared/schemas/services';

/** The intake kind of each service form (shared/src/kinds/slots.ts, zod-free so the form paints at once). */
export const SERVICE_KIND = { complaint: 'Complaint', copy: 'Copy' } as const satisfies Record<ServiceKind, string>;

/** The file slots of each form, in the legacy order. */
export const FORM_SLOTS = {
  complaint: KIND_SLOTS.Complaint,
  copy: KIND_SLOTS.Copy,
} as const satisfies Record<ServiceKind, readonly string[]>;

/** The photo must be a picture (spec 1 §5); the server checks the bytes. */
export function isImageOnly(_kind: ServiceKind, slot: string): boolean {
  return isImageOnlySlot(slot);
}
