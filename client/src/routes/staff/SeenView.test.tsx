import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import type { StaffRole } from '@portal/shared/constants';
import type { FieldVisit } from '@portal/shared/schemas/visits';
import { LocaleProvider } from '../../i18n/locale';
import { resetMeForTests } from '../../features/staff/useMe';
import { applicationDetail } from '../../features/review/test/applicationDetail';
import SeenView from './SeenView';
import UnseenView from './UnseenView';

/**
 * The Chairman's and the UNO's application views list the field visits recorded on the application
 * (docs/decisions/035-live-map-clusters-and-visits.md), as BADC's do; Pollibidut, who reads the
 * application but not its visits, is not shown them and does not ask for them.
 */
const APP = '3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
let role: StaffRole = 'Chairman';
let visitsAsked = 0;

const detail = applicationDetail({
  id: APP,
  applicationNumber: 58,
  version: 4,
  submittedAt: '2026-11-20T05:00:00Z',
  fields: { applicantName: 'করিম মিয়া' },
});

const visit: FieldVisit = {
  id: '9a1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
  applicationId: APP,
  officerId: 9,
  officerEmail: 'inspector@badc.example',
  visitedAt: '2026-11-21T04:30:00.000Z',
  position: { latitude: 24.71234, longitude: 88.23456, accuracyM: 8 },
  checklist: null,
  notes: 'পাম্প ঘর দেখা হয়েছে',
  decision: 'inspect',
  status: 'complete',
  createdAt: '2026-11-21T04:40:00.000Z',
  completedAt: '2026-11-21T04:40:00.000Z',
  photos: [],
} as unknown as FieldVisit;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  resetMeForTests();
  visitsAsked = 0;
  window.scrollTo = () => {};
  vi.stubGlobal('fetch', async (input: string) => {
    if (input === '/api/auth/me') return json(200, { id: 5, email: 'x@example.org', role, mustChangePassword: false });
    if (input === '/api/public/settings') return json(200, {});
    if (input === `/api/staff/applications/${APP}`) return json(200, detail);
    if (input === `/api/staff/applications/${APP}/visits`) {
      visitsAsked += 1;
      return json(200, { visits: [visit] });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'নেই', messageEn: 'Not found' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(path: 'seen-view' | 'u-unseen-view') {
  render(
    <LocaleProvider>
      <MemoryRouter initialEntries={[`/admin-page/${path}/${APP}`]}>
        <Routes>
          <Route path="/admin-page/seen-view/:id" element={<SeenView />} />
          <Route path="/admin-page/u-unseen-view/:id" element={<UnseenView />} />
        </Routes>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

const visitList = () => screen.findByRole('region', { name: bn['fieldVisit.list.title'] });

describe('visits on the Chairman’s and the UNO’s application views', () => {
  it('lists the visit on the Chairman’s seen view: who, when, where and the decision', async () => {
    role = 'Chairman';
    open('seen-view');
    const list = await visitList();
    expect(await within(list).findByText(/inspector@badc\.example/)).toBeTruthy();
    expect(within(list).getByText(/± ৮ মিটার/)).toBeTruthy();
    expect(within(list).getByText('পাম্প ঘর দেখা হয়েছে')).toBeTruthy();
  });

  it('lists the visit on the UNO’s unseen view', async () => {
    role = 'UNO';
    open('u-unseen-view');
    const list = await visitList();
    expect(await within(list).findByText(/inspector@badc\.example/)).toBeTruthy();
  });

  it('shows Pollibidut the application without its visits, and does not ask for them', async () => {
    role = 'Pollibidut';
    open('seen-view');
    expect(await screen.findByText('করিম মিয়া')).toBeTruthy();
    expect(screen.queryByRole('region', { name: bn['fieldVisit.list.title'] })).toBeNull();
    expect(visitsAsked).toBe(0);
  });
});
