import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { newApplicationFieldsObject } from '@portal/shared/kinds/new';
import type { EditView as EditViewData } from '@portal/shared/schemas/register-edit';
import { LocaleProvider } from '../../i18n/locale';
import EditView from '../../routes/staff/EditView';

/**
 * edit-view/{id} against a stand-in for the API that answers as the server does (the edit view
 * after every write, problems with Bangla messages); docs/decisions/038-edit-view-and-override.md.
 */
const APP_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const FILE_ID = '1e4e0a4c-7a40-4c54-8d0e-2a1b7d3c9f10';

function editView(overrides: Partial<EditViewData> = {}): EditViewData {
  return {
    id: APP_ID,
    applicationNumber: 42,
    kind: 'New',
    stage: 'StepThree',
    seen: { chairman: true, uno: true, badc: false },
    version: 3,
    intakeStatus: 'complete',
    fields: {
      applicantName: 'রহিম উদ্দিন',
      fatherName: 'করিম উদ্দিন',
      mobile: '01712345678',
      upazila: 'শিবগঞ্জ',
      village: 'কানসাট',
      union: 'কানসাট',
      postOffice: 'কানসাট',
      mouza: 'কানসাট',
      jlNumber: '12',
      khotian: '34',
      dagNumber: '56',
      wellClass: 'deep',
      wellSize: '1.0',
      pumpType: 'electric',
      advanceFee: '500',
      agreed: true,
    },
    editable: Object.keys(newApplicationFieldsObject.shape).filter((n) => n !== 'agreed'),
    fixed: [],
    slots: [
      {
        slot: 'nid',
        imageOnly: false,
        file: {
          id: FILE_ID,
          slot: 'nid',
          mime: 'application/pdf',
          size: 1000,
          sha256: 'a'.repeat(64),
          originalName: 'এনআইডি.pdf',
          uploadedAt: '2026-11-20T04:00:00.000Z',
          url: `/api/files/${FILE_ID}`,
        },
      },
      { slot: 'photo', imageOnly: true, file: null },
    ],
    override: null,
    history: [
      {
        at: '2026-11-20T04:00:00.000Z',
        actor: 'badc@example.gov.bd',
        action: 'editFields',
        fromStage: 'StepThree',
        toStage: 'StepThree',
        note: 'গ্রাম',
        changes: [{ name: 'village', before: 'পুরোনো গ্রাম', after: 'কানসাট' }],
      },
    ],
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let view: EditViewData;
let calls: { path: string; method: string; body?: unknown }[];
let answer: ((path: string, method: string) => Response | null) | null;

beforeAll(async () => {
  // The form's schema and layouts: load them once, so the waits below measure the screen.
  await import('./EditFieldsForm');
}, 60_000);

beforeEach(() => {
  view = editView();
  calls = [];
  answer = null;
  window.scrollTo = () => {};
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ path, method, body });
    const special = answer?.(path, method);
    if (special) return special;
    if (path === '/api/public/localities') return json(200, { unions: [], posts: [] });
    if (path.startsWith(`/api/staff/register/applications/${APP_ID}/`)) return json(200, view);
    return json(404, { error: { code: 'NOT_FOUND', message: 'নেই', messageEn: 'x' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  render(
    <LocaleProvider>
      <MemoryRouter initialEntries={[`/admin-page/edit-view/${APP_ID}`]}>
        <Routes>
          <Route path="/admin-page/edit-view/:id" element={<EditView />} />
        </Routes>
      </MemoryRouter>
    </LocaleProvider>,
  );
}
const input = (name: string) => document.getElementById(`f-${name}`) as HTMLInputElement;
const errorOf = (name: string) => document.getElementById(`f-${name}-error`)?.textContent ?? null;
const writes = () => calls.filter((c) => c.method !== 'GET');

describe('edit-view/{id}', () => {
  it("shows the kind's form prefilled with the citizen form's labels, each document and the history with before and after", async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: /আবেদন সম্পাদনা/ }, { timeout: 10_000 })).toBeTruthy();
    expect(input('village').value).toBe('কানসাট');
    expect(input('mobile').value).toBe('01712345678');
    expect(screen.getByLabelText(new RegExp(bn['application.field.fatherName']))).toBe(input('fatherName'));
    expect((document.getElementById('f-wellClass') as HTMLSelectElement).value).toBe('deep');

    const files = screen.getByRole('region', { name: bn['registerEdit.files.title'] });
    expect(within(files).getByRole('link', { name: 'এনআইডি.pdf' }).getAttribute('href')).toBe(`/api/files/${FILE_ID}`);
    expect(within(files).getByText(new RegExp(bn['registerEdit.files.none']))).toBeTruthy();

    const history = screen.getByRole('region', { name: bn['decisions.audit.title'] });
    const row = within(history).getByRole('row', { name: /গ্রাম/ });
    expect(row.textContent).toContain('পুরোনো গ্রাম');
    expect(row.textContent).toContain('কানসাট');
    // Only the Admin has the override box.
    expect(screen.queryByRole('region', { name: bn['registerEdit.override.title'] })).toBeNull();
  }, 30_000);

  it("refuses a bad mobile with the citizen form's Bangla message and sends nothing; a good edit is sent whole with the version", async () => {
    open();
    await screen.findByRole('button', { name: bn['registerEdit.save'] }, { timeout: 10_000 });
    fireEvent.change(input('mobile'), { target: { value: '০১২৩' } });
    fireEvent.click(screen.getByRole('button', { name: bn['registerEdit.save'] }));
    await waitFor(() => expect(errorOf('mobile')).toBe(bn['v.mobile']));
    expect(writes()).toEqual([]);

    fireEvent.change(input('mobile'), { target: { value: '০১৮১২৩৪৫৬৭৮' } });
    fireEvent.change(input('village'), { target: { value: 'শিবনগর' } });
    await waitFor(() => expect(errorOf('mobile')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: bn['registerEdit.save'] }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const put = writes()[0]!;
    expect(put).toMatchObject({ path: `/api/staff/register/applications/${APP_ID}/edit`, method: 'PUT' });
    expect(put.body).toMatchObject({ version: 3, fields: { mobile: '০১৮১২৩৪৫৬৭৮', village: 'শিবনগর' } });
  }, 30_000);

  it('keeps what was typed when someone saved meanwhile, and says which field changed', async () => {
    const current = editView({ version: 4, fields: { ...editView().fields, union: 'মোবারকপুর' } });
    answer = (path, method) =>
      method === 'PUT'
        ? json(409, {
            error: { code: 'STALE_STATE', message: 'এর মধ্যে বদলেছে', messageEn: 'Stale', current },
          })
        : null;
    open();
    await screen.findByRole('button', { name: bn['registerEdit.save'] }, { timeout: 10_000 });
    fireEvent.change(input('village'), { target: { value: 'শিবনগর' } });
    fireEvent.click(screen.getByRole('button', { name: bn['registerEdit.save'] }));
    expect(await screen.findByText(bn['registerEdit.conflict.title'])).toBeTruthy();
    expect(screen.getByText(/মোবারকপুর/)).toBeTruthy();
    expect(input('village').value).toBe('শিবনগর');

    // Saved again, the form goes on the current version.
    answer = null;
    fireEvent.click(screen.getByRole('button', { name: bn['registerEdit.save'] }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]!.body).toMatchObject({ version: 4, fields: { village: 'শিবনগর' } });
  }, 30_000);

  it("the Admin's override needs a stage and a reason, then asks before it sends", async () => {
    view = editView({ override: { stages: ['StepOne', 'StepTwo', 'StepThree', 'Pending', 'Decline'] } });
    open();
    const box = await screen.findByRole('region', { name: bn['registerEdit.override.title'] }, { timeout: 10_000 });
    const submit = within(box).getByRole('button', { name: bn['registerEdit.override.submit'] });
    fireEvent.change(within(box).getByLabelText(new RegExp(bn['registerEdit.override.stage'])), {
      target: { value: 'StepOne' },
    });
    fireEvent.click(submit);
    expect(await within(box).findByText(bn['v.required'])).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toEqual([]);

    fireEvent.change(within(box).getByLabelText(new RegExp(bn['registerEdit.override.reason'])), {
      target: { value: 'ভুল করে ফরোয়ার্ড হয়েছিল' },
    });
    fireEvent.click(submit);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(bn['registerEdit.override.confirmTitle']);
    expect(dialog.textContent).toContain('ভুল করে ফরোয়ার্ড হয়েছিল');
    fireEvent.click(within(dialog).getByRole('button', { name: bn['registerEdit.override.submit'] }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      path: `/api/staff/register/applications/${APP_ID}/override`,
      method: 'POST',
      body: { version: 3, stage: 'StepOne', reason: 'ভুল করে ফরোয়ার্ড হয়েছিল' },
    });
  }, 30_000);
});
