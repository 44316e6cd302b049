import { api, ApiError } from '../../api/client';

/** What GET /api/public/licence-check/{number} answers (server/src/modules/licence-check/licence-check.routes.ts). */
export type LiveStatus = 'testing' | 'active' | 'expired' | 'suspended';
export interface LiveLicence {
  number: number;
  holderName: string;
  place: { village: string; union: string; upazila: string };
  validFrom: string;
  validTo: string;
  status: LiveStatus;
  /** The issuing office (docs/decisions/057-offices.md); absent from a portal of before several offices. */
  office?: { code: string; nameBn: string; nameEn: string };
  /** Asked by the number an older office gave it, before it moved to a new upazila's office (issue 22). */
  movedFrom?: { number: number; office: { code: string; nameBn: string; nameEn: string } };
}

export type LiveResult =
  | { kind: 'found'; licence: LiveLicence }
  | { kind: 'not-found' }
  | { kind: 'offline' }
  | { kind: 'error'; message: string; messageEn: string };

/** `?office=<code>` when a QR names its office: numbers are unique only per office. */
export function officeQuery(office: string | null | undefined): string {
  return office ? `?office=${encodeURIComponent(office)}` : '';
}

/**
 * The licence as the portal has it today; never throws. `office`: the code a version-2 QR names;
 * without it, the office of this site.
 */
export async function fetchLiveLicence(number: number, office?: string | null): Promise<LiveResult> {
  try {
    return {
      kind: 'found',
      licence: await api<LiveLicence>(`/api/public/licence-check/${number}${officeQuery(office)}`),
    };
  } catch (err) {
    if (err instanceof ApiError && err.isNetwork) return { kind: 'offline' };
    if (err instanceof ApiError && err.status === 404) return { kind: 'not-found' };
    if (err instanceof ApiError) return { kind: 'error', message: err.messageBn, messageEn: err.messageEn };
    return { kind: 'offline' };
  }
}

/** Whether what the paper says differs from the record today (a renewal, a name or plot change). */
export function differs(
  signed: Pick<LiveLicence, 'holderName' | 'place' | 'validFrom' | 'validTo'>,
  live: LiveLicence,
): boolean {
  const same = (a: string, b: string) => a.normalize('NFC').trim() === b.normalize('NFC').trim();
  return (
    !same(signed.holderName, live.holderName) ||
    !same(signed.place.village, live.place.village) ||
    !same(signed.place.union, live.place.union) ||
    !same(signed.place.upazila, live.place.upazila) ||
    signed.validFrom !== live.validFrom ||
    signed.validTo !== live.validTo
  );
}
