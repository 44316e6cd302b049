import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import ExistingApplication from '../../routes/public/ExistingApplication';
import RenewApplication from '../../routes/public/RenewApplication';
import { KIND_FORMS } from './kindForms';
import { stubFormApi } from './test/publicApi';

/** The public API as the forms meet it: settings (applications open) and the office's localities. */
// The form loads its validation, the outbox and the status view on first use; load them here, so the
// waits below measure the form, not the modules' first transform on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('./validateKind'),
    import('../../offline/outbox'),
    import('../application/SubmissionStatus'),
  ]);
}, 60_000);

beforeEach(() => {
  localStorage.clear();
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  stubFormApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (page: React.ReactElement) =>
  render(
    <LocaleProvider>
      <MemoryRouter>{page}</MemoryRouter>
    </LocaleProvider>,
  );
const type = (name: string, value: string) =>
  fireEvent.change(document.getElementById(`f-${name}`)!, { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: bn['application.toReview'] }));
const errorOf = (name: string) => document.getElementById(`f-${name}-error`)?.textContent ?? null;
const fileErrorOf = (slot: string) => document.getElementById(`file-${slot}-error`)?.textContent ?? null;

describe('/existing-application', () => {
  it('requires the electricity bill account number and the seventh document, the bill', async () => {
    open(<ExistingApplication />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(bn['application.kind.Existing.title']);
    next();
    // Validation (zod) is loaded on demand; give it time on a busy machine.
    expect(await screen.findByText(bn['v.agree'], undefined, { timeout: 10_000 })).toBeTruthy();
    expect(errorOf('billNumber')).toBe(bn['v.required']);
    expect(screen.getAllByText(bn['v.fileMissing'])).toHaveLength(7);
    expect(fileErrorOf('electricityBill')).toBe(bn['v.fileMissing']);

    // Typed and attached, both messages go.
    type('billNumber', '১২৩৪৫৬');
    const bill = document.getElementById('file-electricityBill') as HTMLInputElement;
    fireEvent.change(bill, { target: { files: [new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' })] } });
    await vi.waitFor(() => expect(errorOf('billNumber')).toBeNull(), { timeout: 5_000 });
    expect(fileErrorOf('electricityBill')).toBeNull();
    expect(screen.getAllByText(bn['v.fileMissing'])).toHaveLength(6);
  }, 30_000);

  it('is closed with the office message when online applications are off', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ websiteTitle: 'সেচ', address: '', others1: 'OFF', others2: 'বন্ধ আছে' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    open(<ExistingApplication />);
    expect(await screen.findByText('বন্ধ আছে')).toBeTruthy();
    expect(document.querySelector('form')).toBeNull();
  });
});

describe('/renew-application', () => {
  it('refuses a missing irrigation charge and a receipt date in the future, in Bangla', async () => {
    open(<RenewApplication />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(bn['application.kind.Renew.title']);
    type('chargeLowLand', '৩০০');
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    type('feePaidOn', future);
    next();
    expect(await screen.findByText(bn['v.dateFuture'], undefined, { timeout: 10_000 })).toBeTruthy();
    expect(errorOf('feePaidOn')).toBe(bn['v.dateFuture']);
    expect(errorOf('chargeHighLand')).toBe(bn['v.required']);
    expect(errorOf('chargeLowLand')).toBeNull();
    expect(screen.getAllByText(bn['v.fileMissing'])).toHaveLength(6);
    expect(screen.queryByText(bn['application.review.title'])).toBeNull();
    // The terms are one tap away.
    expect(screen.getByRole('link', { name: bn['application.readTerms'] }).getAttribute('href')).toBe(
      '/application-instruction',
    );
  }, 30_000);
});

describe('every field and document of every kind', () => {
  it('has a Bangla label', () => {
    for (const form of Object.values(KIND_FORMS)) {
      for (const f of form.fields) expect(bn, f).toHaveProperty(`application.field.${f}`);
      for (const s of form.slots) expect(bn, s).toHaveProperty(`application.slot.${s}`);
    }
  });
});
