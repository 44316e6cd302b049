import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import NewApplication from './NewApplication';

/** The form as a person meets it, with the public API answering settings and localities. */
function serve(settings: Record<string, unknown> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.endsWith('/api/public/settings')
        ? { websiteTitle: 'সেচ', address: 'সাভার', others1: 'ON', others2: '', ...settings }
        : url.endsWith('/api/public/localities')
          ? { unions: [{ id: 1, kind: 'union', name: 'আশুলিয়া' }], posts: [] }
          : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const renderForm = () =>
  render(
    <LocaleProvider>
      <MemoryRouter initialEntries={['/new-application']}>
        <NewApplication />
      </MemoryRouter>
    </LocaleProvider>,
  );

// The form loads its validation, the outbox and the status view on first use; load them here, so the
// waits below measure the form, not the modules' first transform on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('../../features/intake/validateKind'),
    import('../../offline/outbox'),
    import('../../features/application/SubmissionStatus'),
  ]);
}, 60_000);

beforeEach(() => {
  localStorage.clear();
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/new-application', () => {
  it('shows the closed message in place of the form when online applications are off', async () => {
    serve({ others1: 'OFF', others2: 'আবেদন গ্রহণ আপাতত বন্ধ।' });
    renderForm();
    expect(await screen.findByText('আবেদন গ্রহণ আপাতত বন্ধ।')).toBeTruthy();
    expect(document.querySelector('form')).toBeNull();
  });

  it('hides the other identity groups while one is typed in and shows them again when it is cleared', async () => {
    serve();
    renderForm();
    const name = screen.getByLabelText(bn['application.field.applicantName']);
    expect(screen.getByLabelText(bn['application.field.instituteName'])).toBeTruthy();
    fireEvent.change(name, { target: { value: 'রহিম' } });
    expect(screen.queryByLabelText(bn['application.field.instituteName'])).toBeNull();
    expect(screen.queryByLabelText(bn['application.field.groupName'])).toBeNull();
    fireEvent.change(name, { target: { value: '' } });
    expect(screen.getByLabelText(bn['application.field.groupName'])).toBeTruthy();
  });

  it('fills the upazila from the office settings and offers its unions', async () => {
    serve();
    renderForm();
    await waitFor(() => expect((screen.getByLabelText(/উপজেলা/) as HTMLInputElement).value).toBe('সাভার'), {
      timeout: 5_000,
    });
    await waitFor(() => expect(document.querySelector('#unions-list option[value="আশুলিয়া"]')).not.toBeNull(), {
      timeout: 5_000,
    });
  });

  it('stops at the form and says in Bangla what is missing', async () => {
    serve();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: bn['application.toReview'] }));
    // Validation (zod) is loaded on demand; give it time on a busy machine.
    expect(await screen.findByText(bn['v.identity'], undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByText(bn['v.required']).length).toBeGreaterThan(5);
    expect(screen.getAllByText(bn['v.fileMissing'])).toHaveLength(6);
    expect(screen.getByText(bn['v.agree'])).toBeTruthy();
    expect(screen.queryByText(bn['application.review.title'])).toBeNull();
  }, 30_000);

  it('refuses a photo that is not an image at once, naming the rule', async () => {
    serve();
    renderForm();
    const photo = document.getElementById('file-photo') as HTMLInputElement;
    fireEvent.change(photo, { target: { files: [new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(bn['v.fileImage'])).toBeTruthy();
  });
});
