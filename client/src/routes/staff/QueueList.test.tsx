import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import type { Me } from '@portal/shared/schemas/auth';
import type { QueuePage, QueueRow } from '@portal/shared/schemas/review';
import { resetMeForTests } from '../../features/staff/useMe';
import { openStaffPanel } from './test/openStaffPanel';

/** The renewal, change and rejected lists (spec 3 §2) inside the staff panel, against a stand-in for the API. */
// The whole panel renders here; on a busy machine a list takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function row(over: Partial<QueueRow>): QueueRow {
  return {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
    applicationNumber: 77,
    kind: 'Renew',
    applicantName: 'রহিম উদ্দিন',
    fatherName: '',
    mobile: '01711000000',
    upazila: '',
    village: 'চরপাড়া',
    union: 'সদর',
    mouza: '',
    jlNumber: '',
    dagNumber: '',
    submittedAt: '2026-11-20T05:00:00Z',
    stage: 'Decline',
    finalRemarks: null,
    licenceId: '8b1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
    licenceNumber: 1207,
    holderName: 'রহিম উদ্দিন',
    licenceStatus: 'active',
    licenceVersion: 3,
    validTo: '2028-01-01',
    applicationFee: '500',
    receiptNumber: 'R-88',
    latitude: null,
    longitude: null,
    deadline: null,
    ...over,
  };
}

let pages: Record<string, QueuePage>;
let posts: string[];
function serve(role: Me['role']) {
  const me: Me = { id: 5, name: null, email: 'officer@example.org', role, mustChangePassword: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/auth/me') return json(200, me);
      if (init?.method === 'POST') {
        posts.push(input);
        return json(200, { forwarded: 2 });
      }
      const queue = /^\/api\/staff\/queues\/([\w-]+)\?/.exec(input)?.[1];
      if (queue)
        return json(
          200,
          pages[queue] ?? { rows: [], total: 0, page: 1, pageSize: 20, counters: { seen: 0, unseen: 0 } },
        );
      return json(404, { error: { code: 'NOT_FOUND', message: 'নেই', messageEn: 'Not found' } });
    }),
  );
}
const page = (rows: QueueRow[]): QueuePage => ({
  rows,
  total: rows.length,
  page: 1,
  pageSize: 20,
  counters: { seen: 0, unseen: 0 },
});

const open = openStaffPanel;

beforeEach(() => {
  resetMeForTests();
  pages = {};
  posts = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('renewal, change and rejected lists', () => {
  it('shows the licence number of every declined request on the rejected list, first, in Bangla digits', async () => {
    pages.rejected = page([
      row({ licenceNumber: 1207, kind: 'Renew' }),
      row({ id: '9f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5', licenceNumber: 88, kind: 'PlotChange', applicationNumber: 78 }),
    ]);
    serve('BADC');
    open('/admin-page/rejected');
    expect(await screen.findByRole('heading', { name: bn['staff.list.rejected'] })).toBeTruthy();
    const table = (await screen.findAllByRole('table'))[0]!;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[1]).toContain(bn['staff.col.licenceNumber']);
    expect(within(table).getByText('১২০৭')).toBeTruthy();
    expect(within(table).getByText('৮৮')).toBeTruthy();
    expect(within(table).getByText(bn['staff.kind.PlotChange'])).toBeTruthy();
    // Its View opens the read-only detail of a declined request.
    const view = within(table).getAllByRole('link', { name: bn['common.view'] })[0]!;
    expect(view.getAttribute('href')).toBe('/admin-page/rejected-view/6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5');
  });

  it('shows the fee and receipt number on a renewal list and opens the BADC review form', async () => {
    pages['badc-renew-unseen'] = page([row({ stage: 'StepThree' })]);
    serve('BADC');
    open('/admin-page/badcReUnseen');
    const table = (await screen.findAllByRole('table'))[0]!;
    expect(within(table).getByText('৫০০')).toBeTruthy();
    expect(within(table).getByText('R-৮৮')).toBeTruthy();
    expect(within(table).getByRole('link', { name: bn['common.view'] }).getAttribute('href')).toMatch(
      /^\/admin-page\/badc-re-unseen-view\//,
    );
  });

  it('asks the Bangla "Are you sure" before Forward All on a change list, then lands on its seen list', async () => {
    pages['chairman-change-unseen'] = page([row({ kind: 'NameChange', stage: 'StepOne' })]);
    pages['chairman-change-seen'] = page([row({ kind: 'NameChange', stage: 'StepTwo', applicationNumber: 99 })]);
    serve('Chairman');
    open('/admin-page/chairChangeUnseen');
    fireEvent.click(await screen.findByRole('button', { name: bn['staff.forwardAll'] }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(bn['staff.forwardAll.confirm'])).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: bn['staff.forwardAll'] }));
    expect(await screen.findByRole('heading', { name: bn['staff.list.chairChangeSeen'] })).toBeTruthy();
    expect(posts).toEqual(['/api/staff/queues/chairman-change-unseen/forward-all']);
  }, 15_000);

  it('gives BADC the licence actions on each licence row, and the UNO none', async () => {
    pages['licence-testing'] = page([row({ stage: 'Approved', licenceStatus: 'testing' })]);
    pages['licence-active'] = page([row({ stage: 'Approved' })]);
    serve('BADC');
    open('/admin-page/licenseTesting');
    let table = (await screen.findAllByRole('table'))[0]!;
    expect(within(table).getByRole('columnheader', { name: bn['staff.col.licenceActions'] })).toBeTruthy();
    expect(within(table).getByRole('button', { name: bn['licence.action.confirm'] })).toBeTruthy();
    expect(within(table).getByRole('button', { name: bn['licence.action.suspend'] })).toBeTruthy();
    cleanup();

    resetMeForTests();
    serve('UNO');
    open('/admin-page/licenseActive');
    table = (await screen.findAllByRole('table'))[0]!;
    expect(within(table).getByText('১২০৭')).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: bn['staff.col.licenceActions'] })).toBeNull();
    expect(within(table).queryByRole('button', { name: bn['licence.action.suspend'] })).toBeNull();
  }, 15_000);

  it('keeps the UNO out of the Chairman’s renewal detail', async () => {
    serve('UNO');
    open('/admin-page/c-re-unseen-view/6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5');
    expect(await screen.findByText('স্বাগতম, ইউএনও')).toBeTruthy();
  });
});
