import { describe, expect, it } from 'vitest';
import { decodeFacts, encodeFacts, type LicenceFacts } from './licence-facts';

/** The QR payload's format (docs/decisions/024-signed-licence-qr.md; the office line: docs/decisions/057-offices.md). */
const facts: LicenceFacts = {
  office: 'u159',
  number: 42,
  holderName: 'মোছাঃ  রহিমা\nখাতুন',
  place: { village: 'কানসাট', union: 'বিনোদপুর', upazila: 'শিবগঞ্জ' },
  validFrom: '2026-01-10',
  validTo: '2029-01-09',
  issuedOn: '2026-01-10',
};
const bytes = (text: string) => new TextEncoder().encode(text);
const v1 = '1\nabcd1234\n7\nরহিমা\nকানসাট\nবিনোদপুর\nশিবগঞ্জ\n20260110\n20290109\n20260110';
const v2 = (office: string) =>
  `2\nabcd1234\n${office}\n7\nরহিমা\nকানসাট\nবিনোদপুর\nশিবগঞ্জ\n20260110\n20290109\n20260110`;

describe('the licence QR payload', () => {
  it('writes version 2 with the office code after the key id, and reads it back', () => {
    const payload = encodeFacts(facts, 'abcd1234');
    expect(new TextDecoder().decode(payload).split('\n').slice(0, 4)).toEqual(['2', 'abcd1234', 'u159', '42']);
    expect(decodeFacts(payload)).toEqual({ ...facts, keyId: 'abcd1234', holderName: 'মোছাঃ রহিমা খাতুন' });
  });

  it('still reads a version-1 payload (printed licences), with no office', () => {
    expect(decodeFacts(bytes(v1))).toEqual({
      keyId: 'abcd1234',
      office: null,
      number: 7,
      holderName: 'রহিমা',
      place: { village: 'কানসাট', union: 'বিনোদপুর', upazila: 'শিবগঞ্জ' },
      validFrom: '2026-01-10',
      validTo: '2029-01-09',
      issuedOn: '2026-01-10',
    });
  });

  it('refuses a bad office code, a line too many or too few, and an unknown version', () => {
    expect(decodeFacts(bytes(v2('office-1')))?.office).toBe('office-1');
    for (const office of ['', 'u', 'U159', 'u 159', 'u159/x', 'ক১৫৯', 'u'.repeat(41)]) {
      expect(decodeFacts(bytes(v2(office))), office).toBeNull();
    }
    // A version-1 body under version 2 (the office line missing), and the reverse.
    expect(decodeFacts(bytes(v1.replace(/^1/, '2')))).toBeNull();
    expect(decodeFacts(bytes(v2('u159').replace(/^2/, '1')))).toBeNull();
    expect(decodeFacts(bytes(v2('u159').replace(/^2/, '3')))).toBeNull();
  });

  it('signs nothing without a well-formed office code', () => {
    expect(() => encodeFacts({ ...facts, office: null }, 'abcd1234')).toThrow(/office/);
    expect(() => encodeFacts({ ...facts, office: 'U-159' }, 'abcd1234')).toThrow(/office/);
  });
});
