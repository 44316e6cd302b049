import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PDFDocument, PDFFont, degrees, rgb, type PDFPage } from 'pdf-lib';
import type { LicenceDocument } from '@portal/shared';
import { embedFonts, type FontSet } from '../../platform/pdf/fonts.js';
import { renderLicencePdf, type LicenceSide } from './licence-pdf.js';
import { drawRun, type RunOptions } from '../../platform/pdf/text.js';

/**
 * The licence PDF's text as a registry clerk searches and copies it (docs/decisions/054-licence-pdf-text.md):
 * every Bangla word the renderer draws comes back whole from a real extractor, poppler's pdftotext,
 * in reading order. Shaped glyphs alone give "বাংলােদশ" (the pre-base vowel sign after its consonant).
 */
const doc: LicenceDocument = {
  applicationId: '11111111-1111-4111-8111-111111111111',
  licenceId: '22222222-2222-4222-8222-222222222222',
  version: 3,
  applicationNumber: 42,
  licenceNumber: 1207,
  upazila: 'কালীগঞ্জ',
  district: 'গাজীপুর',
  officeAddress: 'কালীগঞ্জ, গাজীপুর',
  approvalDate: '2026-11-21',
  wellClass: 'deep',
  wellSize: '1.5',
  pumpType: 'electric',
  applicantName: 'মোঃ আব্দুর রহমান',
  fatherName: 'আব্দুল কুদ্দুস',
  village: 'চন্দ্রপুর',
  union: 'জামালপুর',
  postOffice: 'কালীগঞ্জ',
  mouza: 'শ্রীরামপুর',
  jlNumber: '123',
  khotian: '456',
  dagNumber: '789',
  latitude: 23.9214,
  longitude: 90.5678,
  termYears: 2,
  isTesting: false,
  issuedOn: '2026-11-21',
  validFrom: '2026-11-21',
  validTo: '2028-11-21',
  status: 'suspended',
  suspendNote: 'পানির স্তর নিচে নেমে গেছে',
  periods: [
    { validFrom: '2023-11-21', validTo: '2026-11-20' },
    { validFrom: '2026-11-21', validTo: '2028-11-21' },
  ],
  changes: [{ field: 'holderName', from: 'সালমা খাতুন', to: 'মোঃ আব্দুর রহমান', on: '2026-06-01' }],
  approver: { custom: false, lines: [] },
  qr: { details: 'লাইসেন্স নম্বর: ১২০৭', location: 'https://www.google.com/maps?q=23.9214,90.5678' },
};

function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const pdftotext = (bytes: Uint8Array, layout: boolean) =>
  execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-', '-'], { input: bytes }).toString('utf8');

/** Bangla words: what a clerk would type into a search box, without the punctuation around them. */
const banglaWords = (text: string) => text.split(/[\s:,;()।•—]+/u).filter((w) => /[\u0980-\u09FF]/u.test(w));

/** Renders one side and keeps every text the renderer handed pdf-lib to shape and draw. */
async function render(side: LicenceSide): Promise<{ bytes: Uint8Array; drawn: string[] }> {
  const drawn: string[] = [];
  const encode = PDFFont.prototype.encodeText;
  vi.spyOn(PDFFont.prototype, 'encodeText').mockImplementation(function (this: PDFFont, text: string) {
    if (text.trim()) drawn.push(text);
    return encode.call(this, text);
  });
  const bytes = await renderLicencePdf(doc, side);
  vi.restoreAllMocks();
  return { bytes, drawn };
}

afterEach(() => {
  vi.restoreAllMocks();
});

// CI installs poppler-utils (.ci/run), so there the check is required; elsewhere it needs pdftotext.
describe.skipIf(!hasPdftotext() && !process.env.CI)('licence PDF text extraction', () => {
  it.each(['front', 'back'] as const)(
    'gives pdftotext every Bangla word drawn on the %s, whole and in reading order',
    async (side) => {
      const { bytes, drawn } = await render(side);
      const wanted = banglaWords(drawn.join('\n'));
      expect(wanted.length).toBeGreaterThan(40);
      for (const layout of [false, true]) {
        // Each drawn word must come back as often as it was drawn (a multiset, not just once).
        const found = new Map<string, number>();
        for (const w of banglaWords(pdftotext(bytes, layout))) found.set(w, (found.get(w) ?? 0) + 1);
        const missing = wanted.filter((w) => {
          const n = found.get(w) ?? 0;
          found.set(w, n - 1);
          return n <= 0;
        });
        expect(missing, `pdftotext${layout ? ' -layout' : ''}`).toEqual([]);
      }

      const text = pdftotext(bytes, false);
      const lines = text.split('\n').map((l) => l.trim());
      // The heading's lines, top to bottom, each one line with its words apart.
      const heading = ['গণপ্রজাতন্ত্রী বাংলাদেশ সরকার', 'উপজেলা সেচ কমিটি', 'উপজেলা নির্বাহী অফিসারের কার্যালয়'];
      const at = heading.map((h) => lines.indexOf(h));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      if (side === 'front') {
        // The details table reads label, then value, on one line.
        const table = pdftotext(bytes, true);
        expect(table).toMatch(/উপজেলা\s+কালীগঞ্জ/);
        expect(table).toMatch(/লাইসেন্সধারীর নাম\s+মোঃ আব্দুর রহমান/);
        expect(table).toMatch(/গ্রাম\s+চন্দ্রপুর/);
        expect(table).toMatch(/মৌজা\s+শ্রীরামপুর/);
        expect(text).toContain('লাইসেন্সটি স্থগিত করা হয়েছে — বৈধ নয়');
        expect(text).toContain('পানির স্তর নিচে নেমে গেছে');
      } else {
        expect(text).toContain('নাম: মোঃ আব্দুর রহমান');
        expect(text).toContain('সালমা খাতুন');
      }
    },
  );

  it('draws the same pixels as pdf-lib drawing the same runs without their text', async () => {
    const page = async (draw: (p: PDFPage, fonts: FontSet) => void) => {
      const pdf = await PDFDocument.create();
      const fonts = await embedFonts(pdf);
      draw(pdf.addPage([400, 300]), fonts);
      return pdf.save();
    };
    const black = rgb(0, 0, 0);
    const runs = (fonts: FontSet): [string, RunOptions][] => [
      ['গণপ্রজাতন্ত্রী বাংলাদেশ সরকার', { x: 10, y: 260, size: 15, font: fonts.bold.bn, color: black }],
      // Two spaces in a row and one at the end, as a run before a Latin one has.
      ['মোঃ  আব্দুর রহমান ', { x: 10, y: 230, size: 11, font: fonts.regular.bn, color: black }],
      ['Md. Abdur Rahman', { x: 10, y: 200, size: 11, font: fonts.regular.latin, color: rgb(0.75, 0.1, 0.1) }],
      ['স্থগিত', { x: 60, y: 20, size: 80, font: fonts.bold.bn, color: black, opacity: 0.18, rotate: degrees(35) }],
    ];
    const ours = await page((p, fonts) => runs(fonts).forEach(([text, o]) => drawRun(p, text, o)));
    const plain = await page((p, fonts) => runs(fonts).forEach(([text, o]) => p.drawText(text, o)));
    const png = (bytes: Uint8Array) =>
      execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', '-'], { input: bytes });
    expect(png(ours).equals(png(plain))).toBe(true);
  });
});
