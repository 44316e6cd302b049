/**
 * What a licence's QR carries, signed by the office (docs/decisions/024-signed-licence-qr.md): the
 * facts a checker needs and nothing more personal (no mobile, no NID, no father's name). The server
 * writes and signs it (server/src/modules/licence-check/signed-facts.ts); the browser reads and checks it
 * with no network (client/src/features/licence-check/signed-licence.ts). One format, written here.
 *
 * The payload is UTF-8 text, one field a line, in this order (version 2):
 *   2, keyId, office code, licence number, holder name, village, union, upazila, valid from,
 *   valid to, issued on
 * with the dates as YYYYMMDD. The office code (`offices.code`) says which office's key and record
 * to check it against: licence numbers are unique only per office (docs/decisions/057-offices.md).
 * Version 1, printed before there were several offices, is the same without the office line; it
 * is still read, with `office: null` (the office of the site it is opened on).
 * Lines rather than JSON because every byte makes the QR denser on paper (a Bangla letter is
 * already 3 bytes, and base64url adds a third).
 */
export const FACTS_VERSION = '2';

/** An office's code as `offices.code` allows it (migrations/20261128-01-offices.ts). */
export const OFFICE_CODE = /^[a-z0-9-]{2,40}$/;

export interface LicenceFacts {
  /** The issuing office's code; null only from a version-1 payload. */
  office: string | null;
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

/** Always version 2: a licence is signed with its office's code, or not at all. */
export function encodeFacts(facts: LicenceFacts, keyId: string): Uint8Array {
  if (facts.office === null || !OFFICE_CODE.test(facts.office)) {
    throw new Error('A licence is signed with the code of its office');
  }
  const lines = [
    FACTS_VERSION,
    keyId,
    facts.office,
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

/** The payload back as facts; null when it is not a well-formed version-1 or -2 payload (cut, altered, not ours). */
export function decodeFacts(payload: Uint8Array): SignedFacts | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(payload);
  } catch {
    return null;
  }
  const lines = text.split('\n');
  let office: string | null;
  if (lines[0] === '1' && lines.length === 10) office = null;
  else if (lines[0] === '2' && lines.length === 11) {
    office = lines.splice(2, 1)[0]!;
    if (!OFFICE_CODE.test(office)) return null;
  } else return null;
  const [, keyId, number, holderName, village, union, upazila, from, to, issued] = lines as string[];
  if (!/^[0-9a-f]{8}$/.test(keyId!) || !/^\d{1,10}$/.test(number!)) return null;
  const [validFrom, validTo, issuedOn] = [from!, to!, issued!].map(isoDate);
  if (!validFrom || !validTo || !issuedOn) return null;
  return {
    keyId: keyId!,
    office,
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
