import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { LicenceDocument } from '@portal/shared/schemas/licence';
import { bn } from '@portal/shared/i18n/index';
import { LicenceCertificate } from './LicenceCertificate';

afterEach(cleanup);

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
  status: 'active',
  suspendNote: null,
  periods: [
    { validFrom: '2023-11-21', validTo: '2026-11-20' },
    { validFrom: '2026-11-21', validTo: '2028-11-21' },
  ],
  changes: [],
  approver: { custom: false, lines: [] },
  qr: { details: 'লাইসেন্স নম্বর: ১২০৭', location: 'https://www.google.com/maps?q=23.9214,90.5678' },
};

function renderCertificate(overrides: Partial<LicenceDocument> = {}) {
  render(<LicenceCertificate doc={{ ...doc, ...overrides }} pdfBase="/api/licences/x/pdf" />);
}

describe('LicenceCertificate', () => {
  it('shows the licence number, dates and plot details in Bangla digits', () => {
    renderCertificate();
    expect(screen.getByTestId('licence-number').textContent).toContain('১২০৭');
    expect(screen.getByTestId('licence-number').textContent).not.toMatch(/[0-9]/);
    const front = screen.getByRole('region', { name: bn['licence.front'] });
    expect(within(front).getByText('২১-১১-২০২৬ হতে ২১-১১-২০২৮ পর্যন্ত')).toBeTruthy();
    expect(within(front).getByText('২৩.৯২১৪, ৯০.৫৬৭৮')).toBeTruthy();
    expect(within(front).getByText('গভীর নলকূপ')).toBeTruthy();
    // Condition 1 names the licence's real term (2 years here), not a fixed 3.
    expect(within(front).getByText('এই লাইসেন্স ইস্যুর তারিখ হতে ২ বছর পর্যন্ত বৈধ থাকবে।')).toBeTruthy();
    expect(within(front).getAllByRole('listitem')).toHaveLength(5);
  });

  it('has a back page with exactly six validity rows, unused ones empty', () => {
    renderCertificate();
    const table = screen.getByRole('table', { name: bn['licence.back.title'] });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(rows[0]!.textContent).toBe('১২১-১১-২০২৩২০-১১-২০২৬');
    expect(rows[1]!.textContent).toBe('২২১-১১-২০২৬২১-১১-২০২৮');
    expect(rows.slice(2).map((r) => r.textContent)).toEqual(['৩', '৪', '৫', '৬']);
  });

  it('draws both QR codes with the server’s texts', () => {
    renderCertificate();
    expect(screen.getByRole('img', { name: bn['licence.qr.details'] }).getAttribute('data-qr')).toBe(doc.qr.details);
    expect(screen.getByRole('img', { name: bn['licence.qr.location'] }).getAttribute('data-qr')).toBe(doc.qr.location);
  });

  it('offers print and both PDF downloads outside what gets printed', () => {
    renderCertificate();
    const front = screen.getByRole('link', { name: bn['licence.downloadFront'] });
    expect(front.getAttribute('href')).toBe('/api/licences/x/pdf/front');
    expect(front.closest('.no-print')).not.toBeNull();
    expect(screen.getByRole('link', { name: bn['licence.downloadBack'] }).getAttribute('href')).toBe(
      '/api/licences/x/pdf/back',
    );
    expect(screen.getByRole('button', { name: bn['licence.print'] }).closest('.no-print')).not.toBeNull();
  });

  it('marks a suspended licence with the reason, and a testing licence as such', () => {
    renderCertificate({ status: 'suspended', suspendNote: 'স্থান পরিবর্তন', isTesting: true });
    expect(screen.getAllByText(bn['licence.suspended'])).toHaveLength(2);
    expect(screen.getAllByText('কারণ: স্থান পরিবর্তন')).toHaveLength(2);
    expect(screen.getByText(bn['licence.testing'])).toBeTruthy();
  });

  it('says an expired licence must be renewed, from the status the server computed', () => {
    renderCertificate({ status: 'expired' });
    expect(screen.getByRole('alert').textContent).toContain('মেয়াদ শেষ হয়েছে (২১-১১-২০২৮)');
    // Across both sheets, as on the PDF and on paper.
    expect(screen.getAllByText(bn['licence.expiredStamp'])).toHaveLength(2);
  });

  it('puts the way back first in the toolbar, where the page has one', () => {
    render(
      <LicenceCertificate doc={doc} pdfBase="/api/licences/x/pdf" back={<a href="/">{bn['licence.backToSite']}</a>} />,
    );
    const links = screen.getAllByRole('link');
    expect(links[0]!.textContent).toBe(bn['licence.backToSite']);
    expect(links[0]!.getAttribute('href')).toBe('/');
  });

  it('lists the name and plot changes approved on the licence', () => {
    renderCertificate({
      applicantName: 'নতুন নাম',
      changes: [
        { field: 'holderName', from: 'পুরনো নাম', to: 'নতুন নাম', on: '2026-11-23' },
        { field: 'dagNumber', from: '56', to: '78', on: '2026-11-24' },
      ],
    });
    const history = screen.getByRole('region', { name: bn['licence.history.title'] });
    expect(history.textContent).toContain('নাম: পুরনো নাম থেকে নতুন নাম (২৩-১১-২০২৬)');
    expect(history.textContent).toContain('দাগ নম্বর: ৫৬ থেকে ৭৮ (২৪-১১-২০২৬)');
  });

  it('prints the approver’s own lines instead of the default block', () => {
    renderCertificate({ approver: { custom: true, lines: ['মোঃ করিম', 'ইউএনও (ভারপ্রাপ্ত)'] } });
    expect(screen.getByText('মোঃ করিম')).toBeTruthy();
    expect(screen.queryByText(bn['licence.sign.default.1'])).toBeNull();
  });
});
