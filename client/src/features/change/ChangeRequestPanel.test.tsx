import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { KIND_SLOTS } from '@portal/shared/kinds/slots';
import { LocaleProvider } from '../../i18n/locale';
import { db } from '../../offline/db';
import ChangeRequestPanel from './ChangeRequestPanel';
import { VerifyAgain } from './VerifyAgainNotice';

const APP_ID = '7d0c54a2-9f7e-4c57-9a8e-3c1d2b6a0f11';
/** The licensed application as GET /api/citizen/application/form gives it to its verified holder. */
const verified = (licence: { number: number; status: string } | null) => ({
  id: APP_ID,
  kind: 'New',
  applicationNumber: 57,
  stage: licence ? 'Approved' : 'Pending',
  fields: {
    applicantName: 'রহিম উদ্দিন',
    fatherName: 'করিম উদ্দিন',
    mobile: '01712345678',
    upazila: 'সাভার',
    village: 'বাইপাইল',
    union: 'আশুলিয়া',
    postOffice: 'জামগড়া',
    mouza: 'বাইপাইল',
    jlNumber: '12',
    khotian: '৩৪৫',
    dagNumber: '৬৭৮',
    proposedMouza: 'বাইপাইল',
    proposedUnion: 'আশুলিয়া',
    advanceFee: '1000',
    wellClass: 'shallow',
  },
  licence,
  files: [],
});

function serve(form: unknown) {
  const intake: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/api/citizen/application/form')) return json(form);
    if (url.endsWith('/api/public/localities')) return json({ unions: [], posts: [] });
    if (url.endsWith('/api/public/settings')) return json({ websiteTitle: 'সেচ', address: 'সাভার', others1: 'ON' });
    // No connection to the intake yet: the request must wait in the outbox.
    intake.push(`${init?.method ?? 'GET'} ${url}`);
    return json({ error: { code: 'INTERNAL', message: 'x', messageEn: 'x' } }, 503);
  });
  return intake;
}

const open = (purpose: 2 | 3) =>
  render(
    <LocaleProvider>
      <MemoryRouter>
        <ChangeRequestPanel purpose={purpose} applicationId={APP_ID} />
      </MemoryRouter>
    </LocaleProvider>,
  );
const input = (name: string) => document.getElementById(`f-${name}`) as HTMLInputElement;

// The form loads its validation, the outbox and the status view on first use; load them here, so the
// waits below measure the form, not the modules' first transform on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('../intake/validateKind'),
    import('../../offline/outbox'),
    import('../application/SubmissionStatus'),
  ]);
}, 60_000);

beforeEach(async () => {
  localStorage.clear();
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  await Promise.all([db.outbox.clear(), db.outboxFiles.clear(), db.draftFiles.clear()]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the name-change panel (/verification/2)', () => {
  it('prefills the form from the licensed application and queues a NameChange with the new name', async () => {
    const intake = serve(verified({ number: 12, status: 'active' }));
    open(2);
    expect(await screen.findByText(/রহিম উদ্দিন/)).toBeTruthy();
    // The verification page's heading names the change; the panel adds no second one.
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByText(bn['application.kind.NameChange.title'])).toBeNull();
    expect(input('village').value).toBe('বাইপাইল');
    expect(input('dagNumber').value).toBe('৬৭৮');
    // Stored in Latin digits, shown in the screen's (the payload below is still 01712345678).
    expect(input('mobile').value).toBe('০১৭১২৩৪৫৬৭৮');
    expect(input('jlNumber').value).toBe('১২');
    expect(input('proposedUnion').value).toBe('আশুলিয়া');
    // The change has its own fee: the old application's is not carried over.
    expect(input('advanceFee').value).toBe('');

    fireEvent.change(input('newApplicantName'), { target: { value: 'রহিমা খাতুন' } });
    fireEvent.change(input('advanceFee'), { target: { value: '৫০০' } });
    fireEvent.change(input('slipNumber'), { target: { value: 'স-৯' } });
    fireEvent.change(input('feePaidOn'), { target: { value: '2024-01-15' } });
    fireEvent.click(input('agreed'));
    for (const slot of KIND_SLOTS.NameChange) {
      const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 1])], `${slot}.jpg`, { type: 'image/jpeg' });
      fireEvent.change(document.getElementById(`file-${slot}`)!, { target: { files: [file] } });
    }
    fireEvent.click(screen.getByRole('button', { name: bn['application.toReview'] }));
    fireEvent.click(await screen.findByRole('button', { name: bn['application.review.submit'] }, { timeout: 15_000 }));

    await waitFor(async () => expect(await db.outbox.count()).toBe(1), { timeout: 10_000 });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'NameChange', filesTotal: 7 });
    const payload = item!.payload as { fields: Record<string, unknown>; files: { slot: string }[] };
    expect(payload.fields).toMatchObject({
      applicationId: APP_ID,
      newApplicantName: 'রহিমা খাতুন',
      village: 'বাইপাইল',
      mobile: '01712345678',
      advanceFee: '500',
    });
    expect(payload.files.map((f) => f.slot)).toEqual([...KIND_SLOTS.NameChange]);
    await waitFor(() => expect(intake.some((r) => r.includes('/api/intake/name-change'))).toBe(true));
  }, 40_000);

  it('says in Bangla that there is no licence yet, instead of a form', async () => {
    serve(verified(null));
    open(3);
    expect(await screen.findByText(bn['application.kind.change.noLicence'])).toBeTruthy();
    expect(document.querySelector('form')).toBeNull();
  });
});

describe('a change request whose verification expired before it could be sent', () => {
  it('says so in Bangla with a way to verify again', () => {
    render(
      <LocaleProvider>
        <MemoryRouter>
          <VerifyAgain
            item={{
              kind: 'PlotChange',
              status: 'saved',
              lastError: { code: 'VERIFICATION_REQUIRED', messageBn: bn['problem.VERIFICATION_REQUIRED'] },
            }}
          />
          <VerifyAgain item={{ kind: 'PlotChange', status: 'saved', lastError: { code: 'NETWORK', messageBn: '' } }} />
        </MemoryRouter>
      </LocaleProvider>,
    );
    expect(screen.getAllByText(bn['application.kind.change.verifyAgain'])).toHaveLength(1);
    expect(screen.getByRole('link', { name: bn['application.kind.change.verifyAgainLink'] }).getAttribute('href')).toBe(
      '/verification/3',
    );
  });
});
