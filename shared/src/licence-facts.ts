/**
 * What a licence's QR carries, signed by the office (docs/decisions/024-signed-licence-qr.md): the
 * facts a checker needs and nothing more personal (no mobile, no NID, no father's name). The server
 * writes and signs it (server/src/licence-check/signed-facts.ts); the browser reads and checks it
 * with no network (client/src/features/licence-check/signed-licence.ts). One format, written here.
 *
 * The payload is UTF-8 text, one field a line, in this order (version 1):
 *   1, keyId, licence number, holder name, village, union, upazila, valid from, valid to, issued on
 * with the dates as YYYYMMDD. Lines rather than JSON because every byte makes the QR denser on
 * paper (a Bangla letter is already 3 bytes, and base64url adds a third).
 */
export const FACTS_VERSION = '1';

export interface LicenceFacts {
  number: number;
  holderName: string;
  place: { village: string; union: string; upazila: string };
  /** ISO dates, YYYY-MM-DD. */
  validFrom: string;
  validTo: string;
  issuedOn: string;
}
export type SignedFacts = LicenceFacts & { keyId: string };

/** One line of text: no line breaks (they separate fields), runs of white space as one space. */
export function factText(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim();
}

export function encodeFacts(facts: LicenceFacts, keyId: string): Uint8Array {
  const lines = [
    FACTS_VERSION,
    keyId,
    String(facts.number),
    factText(facts.holderName),
    factText(facts.place.village),
    factText(facts.place.union),
    factText(facts.place.upazila),
    compactDate(facts.validFrom),
    compactDate(facts.validTo),
    compactDate(facts.issuedOn),
  ];
  return new TextEncoder().encode(lines.join('\n'));
}

/** The payload back as facts; null when it is not a well-formed version-1 payload (cut, altered, not ours). */
export function decodeFacts(payload: Uint8Array): SignedFacts | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(payload);
  } catch {
    return null;
  }
  const lines = text.split('\n');
  if (lines.length !== 10 || lines[0] !== FACTS_VERSION) return null;
  const [, keyId, number, holderName, village, union, upazila, from, to, issued] = lines as string[];
  if (!/^[0-9a-f]{8}$/.test(keyId!) || !/^\d{1,10}$/.test(number!)) return null;
  const [validFrom, validTo, issuedOn] = [from!, to!, issued!].map(isoDate);
  if (!validFrom || !validTo || !issuedOn) return null;
  return {
    keyId: keyId!,
    number: Number(number),
    holderName: holderName!,
    place: { village: village!, union: union!, upazila: upazila! },
    validFrom,
    validTo,
    issuedOn,
  };
}

function compactDate(iso: string): string {
  return iso.slice(0, 10).replaceAll('-', '');
}

function isoDate(compact: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(compact);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
