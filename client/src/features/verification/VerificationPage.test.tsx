import { bn } from '@portal/shared/i18n/index';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { StatusPanel } from '@portal/shared/schemas/citizen';
import { LocaleProvider } from '../../i18n/locale';
import { VerificationPage } from './VerificationPage';

/**
 * The citizen's flow against a stand-in for the API that answers the way the server does
 * (problem bodies with Bangla messages), so the screen's reactions can be checked one by one.
 */
const APP_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const CHALLENGE = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function panel(overrides: Partial<StatusPanel> = {}): StatusPanel {
  return {
    applicationId: APP_ID,
    applicationNumber: 42,
    applicantName: 'করিম উদ্দিন',
    mobile: '01712345678',
    kind: 'New',
    submittedAt: '2026-11-20T10:00:00.000Z',
    intakeStatus: 'complete',
    stage: 'StepTwo',
    progress: { chairman: 'done', uno: 'current', badc: 'waiting' },
    finalRemarks: null,
    suspendNote: null,
    recheck: { requested: false, message: null },
    stageDue: null,
    licence: null,
    grantPurpose: 1,
    ...overrides,
  };
}

const problem = (status: number, code: string, message: string, extra: object = {}) =>
  new Response(JSON.stringify({ error: { code, message, messageEn: code, ...extra } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const ok = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let verified: boolean;
let statusPanel: StatusPanel;
let requests: { path: string; body?: unknown }[];
let offline: boolean;

beforeEach(() => {
  localStorage.clear();
  verified = false;
  statusPanel = panel();
  requests = [];
  offline = false;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ path, body });
    if (offline) throw new TypeError('Failed to fetch');
    if (path === '/api/citizen/application') {
      return verified
        ? ok(200, statusPanel)
        : problem(401, 'VERIFICATION_REQUIRED', 'এগিয়ে যেতে মোবাইল নম্বরটি যাচাই করুন।');
    }
    if (path === '/api/verification/send')
      return ok(202, { challengeId: CHALLENGE, expiresInSeconds: 600, message: 'কোড পাঠানো হয়েছে।' });
    if (path === '/api/verification/confirm') {
      if (body.code !== '123456') {
        return problem(400, 'OTP_WRONG', 'কোডটি সঠিক নয়। আবার দেখে লিখুন।', {
          fields: { code: 'কোডটি সঠিক নয়। আরও ৪ বার চেষ্টা করা যাবে।' },
        });
      }
      verified = true;
      return ok(200, { applicationId: APP_ID, applicationNumber: 42, purpose: 1, expiresInSeconds: 1800 });
    }
    if (path === '/api/verification/grant') {
      verified = false;
      return new Response(null, { status: 204 });
    }
    return problem(404, 'NOT_FOUND', 'নেই');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(purpose: 1 | 2 | 6) {
  render(
    <LocaleProvider>
      <MemoryRouter>
        <VerificationPage purpose={purpose} />
      </MemoryRouter>
    </LocaleProvider>,
  );
}

async function sendAndConfirm(code: string) {
  fireEvent.change(await screen.findByLabelText(/আবেদন নম্বর/), { target: { value: '৪২' } });
  fireEvent.change(screen.getByLabelText(/মোবাইল নম্বর/), { target: { value: '০১৭১২-৩৪৫৬৭৮' } });
  fireEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
  fireEvent.change(await screen.findByLabelText(/৬ অঙ্কের কোড/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'যাচাই করুন' }));
}

describe('verification screen', () => {
  it('opens on the number form at once on a phone with no grant, and still finds a grant the phone forgot', async () => {
    verified = true; // the server holds a grant this phone has no note of
    show(1);
    // The first render, before any answer: the form, not a loading line.
    expect(screen.getByLabelText(/আবেদন নম্বর/)).toBeTruthy();
    expect(screen.queryByText('লোড হচ্ছে…')).toBeNull();
    // What to do, said plainly: no warning box before anything has been typed.
    const instruction = screen.getByText(bn['verification.mustVerify']);
    expect(instruction.className).not.toMatch(/amber|red|yellow/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('করিম উদ্দিন')).toBeTruthy();
  });

  it('after a code is confirmed, the next visit asks the server first and goes straight to the panel', async () => {
    show(1);
    await sendAndConfirm('১২৩৪৫৬');
    expect(await screen.findByText('যাচাই সফল হয়েছে।')).toBeTruthy();
    cleanup();
    show(1);
    expect(screen.getByText('লোড হচ্ছে…')).toBeTruthy();
    expect(screen.queryByLabelText(/আবেদন নম্বর/)).toBeNull();
    expect(await screen.findByText('করিম উদ্দিন')).toBeTruthy();
  });

  it("keeps a code already asked for when the server's first answer comes late", async () => {
    let answerCheck: (r: Response) => void = () => {};
    const stubbed = fetch;
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) =>
      path === '/api/citizen/application'
        ? new Promise<Response>((resolve) => (answerCheck = resolve))
        : stubbed(path, init),
    );
    show(1);
    fireEvent.change(screen.getByLabelText(/আবেদন নম্বর/), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText(/মোবাইল নম্বর/), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    expect(await screen.findByLabelText(/৬ অঙ্কের কোড/)).toBeTruthy();
    answerCheck(problem(401, 'VERIFICATION_REQUIRED', 'এগিয়ে যেতে মোবাইল নম্বরটি যাচাই করুন।'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByLabelText(/৬ অঙ্কের কোড/)).toBeTruthy();
  });

  it('asks to verify, sends Latin digits, stays on a wrong code with the server message, then shows the status', async () => {
    show(1);
    expect(await screen.findByText('এগিয়ে যেতে মোবাইল নম্বরটি যাচাই করুন।')).toBeTruthy();
    await sendAndConfirm('০০০০০০');
    expect(await screen.findByText('কোডটি সঠিক নয়। আরও ৪ বার চেষ্টা করা যাবে।')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/verification/send')!.body).toEqual({
      applicationNumber: '42',
      mobile: '01712345678',
      purpose: 1,
    });

    fireEvent.change(screen.getByLabelText(/৬ অঙ্কের কোড/), { target: { value: '১২৩৪৫৬' } });
    fireEvent.click(screen.getByRole('button', { name: 'যাচাই করুন' }));
    expect(await screen.findByText('যাচাই সফল হয়েছে।')).toBeTruthy();
    expect(await screen.findByText('করিম উদ্দিন')).toBeTruthy();
    expect(screen.getByText('ইউএনও-র বিবেচনায় আছে')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'আবেদনপত্র প্রিন্ট করুন' }).getAttribute('href')).toBe(
      `/new-app-print/${APP_ID}`,
    );
  });

  it('catches a wrong mobile number before asking the server', async () => {
    show(1);
    fireEvent.change(await screen.findByLabelText(/আবেদন নম্বর/), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText(/মোবাইল নম্বর/), { target: { value: '01234' } });
    fireEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    expect(await screen.findByText(/সঠিক মোবাইল নম্বর দিন/)).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/verification/send')).toBe(false);
  });

  it('offers a retry after a network failure and goes on when it works', async () => {
    show(1);
    fireEvent.change(await screen.findByLabelText(/আবেদন নম্বর/), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText(/মোবাইল নম্বর/), { target: { value: '01712345678' } });
    offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    const retry = await screen.findByRole('button', { name: 'আবার চেষ্টা করুন' });
    expect(screen.getByText(/সংযোগ পাওয়া যাচ্ছে না/)).toBeTruthy();
    offline = false;
    fireEvent.click(retry);
    expect(await screen.findByLabelText(/৬ অঙ্কের কোড/)).toBeTruthy();
  });

  it('shows the declined reasons and the red cancellation notice', async () => {
    verified = true;
    statusPanel = panel({
      stage: 'Approved',
      suspendNote: 'শর্ত ভঙ্গ',
      progress: { chairman: 'done', uno: 'done', badc: 'done' },
      licence: { licenceNumber: 7, validTo: '2029-11-01', status: 'suspended', onlineAvailable: false },
    });
    show(1);
    expect(await screen.findByText('আপনার লাইসেন্সটি বাতিল করা হয়েছে।')).toBeTruthy();
    expect(screen.getByText('শর্ত ভঙ্গ')).toBeTruthy();
    expect(screen.getByText('বাতিল')).toBeTruthy();
    cleanup();
    statusPanel = panel({
      stage: 'Decline',
      finalRemarks: 'দলিল অস্পষ্ট',
      progress: { chairman: 'done', uno: 'done', badc: 'done' },
    });
    show(1);
    expect(await screen.findByText('দলিল অস্পষ্ট')).toBeTruthy();
  });

  it('links to the licence only when it is approved and online, otherwise says why not', async () => {
    verified = true;
    statusPanel = panel({
      stage: 'Approved',
      licence: { licenceNumber: 7, validTo: '2029-11-01', status: 'active', onlineAvailable: true },
    });
    show(6);
    expect((await screen.findByRole('link', { name: 'লাইসেন্স দেখুন ও প্রিন্ট করুন' })).getAttribute('href')).toBe(
      `/my-license/${APP_ID}`,
    );
    cleanup();
    statusPanel = panel({
      stage: 'Approved',
      licence: { licenceNumber: 7, validTo: '2029-11-01', status: 'active', onlineAvailable: false },
    });
    show(6);
    expect(await screen.findByText(/অফিসে যোগাযোগ করুন/)).toBeTruthy();
    cleanup();
    statusPanel = panel();
    show(6);
    expect(await screen.findByText(/চূড়ান্ত অনুমোদন এখনও হয়নি/)).toBeTruthy();
  });

  it('asks again for a service that writes when the grant was for another one, and cancel ends the grant', async () => {
    verified = true;
    show(2);
    expect(await screen.findByText(/আগের যাচাইটি অন্য একটি সেবার জন্য ছিল/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'কোড পাঠান' })).toBeTruthy();
    cleanup();
    show(6);
    expect(await screen.findByText(/চূড়ান্ত অনুমোদন এখনও হয়নি/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'অন্য আবেদন যাচাই করুন' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/verification/grant')).toBe(true));
    expect(await screen.findByRole('button', { name: 'কোড পাঠান' })).toBeTruthy();
  });
});
