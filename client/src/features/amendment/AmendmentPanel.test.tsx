import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { CitizenForm } from '@portal/shared/schemas/citizen-form';
import type { StatusPanel } from '@portal/shared/schemas/citizen';
import { LocaleProvider } from '../../i18n/locale';
import { VerificationPage } from '../verification/VerificationPage';

/**
 * /verification/4 and /5 after verification, against a stand-in for the API that answers the way
 * the server does (the form after every write, problems with Bangla messages).
 */
const APP_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function citizenForm(overrides: Partial<CitizenForm> = {}): CitizenForm {
  return {
    id: APP_ID,
    kind: 'New',
    applicationNumber: 42,
    stage: 'NotApprovable',
    fields: { applicantName: 'করিম উদ্দিন', village: 'কানসাট', wellClass: 'deep', mobile: '01712345678' },
    licence: null,
    recheck: { requested: true, message: 'জাতীয় পরিচয়পত্র অস্পষ্ট' },
    files: [
      { slot: 'photo', ok: true, note: null, present: true },
      { slot: 'nid', ok: false, note: 'কপি পড়া যায় না', present: true },
    ],
    editableFields: ['applicantName', 'village', 'wellClass'],
    consent: { officeForm: false, uploaded: false, open: false },
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let form: CitizenForm;
let grantPurpose: number;
let calls: { path: string; method: string; body?: unknown; headers: Headers }[];
let answer: ((path: string, method: string) => Response | null) | null;

beforeEach(() => {
  form = citizenForm();
  grantPurpose = 4;
  calls = [];
  answer = null;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ path, method, body, headers });
    const special = answer?.(path, method);
    if (special) return special;
    if (path === '/api/citizen/application')
      return json(200, { applicationId: APP_ID, applicationNumber: 42, grantPurpose } as Partial<StatusPanel>);
    if (path.startsWith('/api/citizen/application/')) return json(200, form);
    return json(404, { error: { code: 'NOT_FOUND', message: 'নেই', messageEn: 'x' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(purpose: 4 | 5) {
  render(
    <LocaleProvider>
      <MemoryRouter>
        <VerificationPage purpose={purpose} />
      </MemoryRouter>
    </LocaleProvider>,
  );
}

describe('the amendment panel (/verification/4)', () => {
  it('says there is no chance to amend when BADC has not asked for a recheck', async () => {
    form = citizenForm({ recheck: { requested: false, message: null } });
    show(4);
    expect(await screen.findByText(/সংশোধনের কোনো সুযোগ এখন নেই/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'তথ্য সংরক্ষণ করুন' })).toBeNull();
  });

  it("saves the edited fields, shows the server's field message, and offers replacement only for documents marked No", async () => {
    show(4);
    expect(await screen.findByText(/জাতীয় পরিচয়পত্র অস্পষ্ট/)).toBeTruthy();
    expect(screen.getByText(/কপি পড়া যায় না/)).toBeTruthy();
    // The photo was found correct: no control to replace it.
    expect(screen.queryByText('নতুন ফাইল পাঠান')).toBeNull();
    expect(screen.getAllByText(/ফাইল বেছে নিন|ফাইল নির্বাচন/).length).toBeGreaterThan(0);

    answer = (path, method) =>
      path === '/api/citizen/application/fields' && method === 'PUT'
        ? json(400, {
            error: {
              code: 'VALIDATION',
              message: 'কিছু তথ্য সঠিক নয়।',
              messageEn: 'x',
              fields: { 'fields.village': 'গ্রামের নাম লিখুন।' },
            },
          })
        : null;
    fireEvent.change(screen.getByLabelText(/গ্রাম/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'তথ্য সংরক্ষণ করুন' }));
    expect(await screen.findByText('গ্রামের নাম লিখুন।')).toBeTruthy();

    answer = null;
    fireEvent.change(screen.getByLabelText(/গ্রাম/), { target: { value: 'নতুন গ্রাম' } });
    fireEvent.click(screen.getByRole('button', { name: 'তথ্য সংরক্ষণ করুন' }));
    expect(await screen.findByText('তথ্য সংরক্ষণ হয়েছে।')).toBeTruthy();
    const put = calls.filter((c) => c.path === '/api/citizen/application/fields').at(-1)!;
    expect(put.body).toEqual({ fields: { applicantName: 'করিম উদ্দিন', village: 'নতুন গ্রাম', wellClass: 'deep' } });
  });

  it('sends a replacement as raw bytes and, after confirming, sends the amendment to BADC', async () => {
    show(4);
    await screen.findByText(/কপি পড়া যায় না/);
    const input = document.querySelector('input[type=file][name="amend-nid"]') as HTMLInputElement;
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'এনআইডি.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(await screen.findByRole('button', { name: 'নতুন ফাইল পাঠান' }));
    expect(await screen.findByText(/নতুন ফাইল পৌঁছেছে/)).toBeTruthy();
    const upload = calls.find((c) => c.path === '/api/citizen/application/files/nid')!;
    expect(upload.method).toBe('PUT');
    expect(upload.headers.get('content-type')).toBe('application/pdf');
    expect(decodeURIComponent(upload.headers.get('x-file-name')!)).toBe('এনআইডি.pdf');

    fireEvent.click(screen.getByRole('button', { name: 'সংশোধন শেষ, বিএডিসিতে পাঠান' }));
    fireEvent.click(await screen.findByRole('button', { name: 'হ্যাঁ, পাঠান' }));
    expect(await screen.findByText(/আপনার সংশোধন বিএডিসিতে পাঠানো হয়েছে/)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/citizen/application/amendment/submit' && c.method === 'POST')).toBe(true);
  });
});

describe('the consent panel (/verification/5)', () => {
  beforeEach(() => {
    grantPurpose = 5;
  });

  it('says when the office has given no form yet', async () => {
    show(5);
    expect(await screen.findByText(/অফিস এখনো এই আবেদনের সম্মতিপত্রের ফরম দেয়নি/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'সম্মতিপত্রের ফরম ডাউনলোড করুন' })).toBeNull();
  });

  it('offers the download, sends the signed letter, and says when there is no further chance', async () => {
    form = citizenForm({ consent: { officeForm: true, uploaded: false, open: true } });
    show(5);
    const link = await screen.findByRole('link', { name: 'সম্মতিপত্রের ফরম ডাউনলোড করুন' });
    expect(link.getAttribute('href')).toBe('/api/citizen/application/consent-form');
    const input = document.querySelector('input[type=file][name="citizenConsent"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'sign.jpg', { type: 'image/jpeg' })] },
    });
    form = citizenForm({ consent: { officeForm: true, uploaded: true, open: true } });
    fireEvent.click(screen.getByRole('button', { name: 'সম্মতিপত্র পাঠান' }));
    expect(await screen.findByText(/অভিনন্দন! আপনার সম্মতিপত্র জমা হয়েছে/)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/citizen/application/consent')).toBe(true));
    cleanup();

    form = citizenForm({ stage: 'Approved', consent: { officeForm: true, uploaded: true, open: false } });
    show(5);
    expect(await screen.findByText(/সম্মতিপত্র দেওয়ার আর কোনো সুযোগ নেই/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'সম্মতিপত্র পাঠান' })).toBeNull();
  });
});
