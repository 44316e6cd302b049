import type { MessageKey } from '@portal/shared/i18n/index';
import { VERIFICATION_PURPOSES, type VerificationPurpose } from '@portal/shared/constants';

/** /verification/1..6 (spec 1 §2): what each purpose is called and the next step named on success. */
export function parsePurpose(raw: string | undefined): VerificationPurpose | null {
  const n = Number(raw);
  return (VERIFICATION_PURPOSES as readonly number[]).includes(n) ? (n as VerificationPurpose) : null;
}

export const purposeTitle = (p: VerificationPurpose) => `verification.title.${p}` as MessageKey;
export const purposeNextStep = (p: VerificationPurpose) => `verification.next.${p}` as MessageKey;
