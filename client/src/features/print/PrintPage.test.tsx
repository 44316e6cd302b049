import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { FormKa } from '@portal/shared';
import { bn } from '@portal/shared/i18n/index';
import PrintPage from './PrintPage';

const ID = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';

function serve(form: FormKa) {
  vi.stubGlobal('fetch', async (url: string) =>
    url.endsWith(`/api/applications/${ID}/print`)
      ? new Response(JSON.stringify(form), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('{}', { status: 404 }),
  );
}
const open = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/new-app-print/:id" element={<PrintPage />} />
        <Route path="/renew-app-print/:id" element={<PrintPage />} />
      </Routes>
    </MemoryRouter>,
  );
const base = { id: ID, submittedAt: '2026-03-05T04:00:00.000Z', intakeStatus: 'complete' as const, photoUrl: null };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Form-Ga, the printed renewal (/renew-app-print/:id)', () => {
  it("prints the renewal's own fields in Bangla digits", async () => {
    serve({
      ...base,
      applicationNumber: 204,
      kind: 'Renew',
      fields: {
        licenceNumber: '123',
        mobile: '01712345678',
        applicantName: 'রহিম উদ্দিন',
        nid: '1234567890',
        fatherName: 'করিম',
        dagNumber: '45',
        newDagNumber: '46',
        wellClass: 'deep',
        wellCondition: 'ভালো',
        suspensionHistory: 'কখনও স্থগিত হয়নি',
        lastSeasonArea: '২০ একর',
        unusedPeriod: 'নেই',
        chargeHighLand: '500',
        chargeLowLand: '350',
        applicationFee: '200',
        receiptNumber: '77',
        feePaidOn: '2026-03-01',
      },
      filesPresent: ['photo', 'nid', 'licenceCopy', 'landRecord', 'landTaxReceipt', 'depositReceipt'],
      upazila: 'সাভার',
      district: 'ঢাকা',
    });
    open(`/renew-app-print/${ID}`);
    expect(await screen.findByText(bn['application.print.formGa'])).toBeTruthy();
    expect(screen.getByText(bn['application.print.headingRenew'])).toBeTruthy();
    expect(screen.getByTestId('print-licence').textContent).toBe('১২৩');
    expect(screen.getByTestId('print-number').textContent).toBe('২০৪');
    expect(screen.getByTestId('print-charges').textContent).toBe('উঁচু জমি: ৫০০ টাকা; নিচু জমি: ৩৫০ টাকা');
    expect(screen.getByText(/০১৭১২৩৪৫৬৭৮/)).toBeTruthy();
    expect(screen.getByText(/৪৫ \/ ৪৬/)).toBeTruthy();
    expect(screen.getByText(/কখনও স্থগিত হয়নি/)).toBeTruthy();
    expect(screen.getByText(/২০০ টাকা; রসিদ নং: ৭৭; জমার তারিখ: ০১-০৩-২০২৬/)).toBeTruthy();
    // The six renewal documents, all present; no Latin digit anywhere on the sheet.
    expect(screen.getAllByText(new RegExp(`— ${bn['application.print.yes']}$`))).toHaveLength(6);
    expect(document.querySelector('article')!.textContent).not.toMatch(/[0-9]/);
  });

  it('prints an existing well on Form-Ka with its bill number and seven documents, whatever the address', async () => {
    serve({
      ...base,
      applicationNumber: 9,
      kind: 'Existing',
      fields: { applicantName: 'রহিম', billNumber: '5566', wellClass: 'shallow' },
      filesPresent: ['photo', 'electricityBill'],
      upazila: 'সাভার',
      district: 'ঢাকা',
    });
    open(`/new-app-print/${ID}`);
    expect(await screen.findByText(bn['application.print.headingExisting'])).toBeTruthy();
    expect(screen.getByText(/৫৫৬৬/)).toBeTruthy();
    expect(
      screen.getByText(new RegExp(`৭\\. ${bn['application.slot.electricityBill']} — ${bn['application.print.yes']}`)),
    ).toBeTruthy();
  });
});
