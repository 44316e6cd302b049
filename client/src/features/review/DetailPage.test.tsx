import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { LocaleProvider } from '../../i18n/locale';
import { resetMeForTests } from '../staff/useMe';
import { DetailPage } from './DetailPage';

/**
 * The frame of the officer's detail screens on a phone (docs/decisions/055-staff-layout.md): the
 * screen's own work comes before the long detail table in the page's order, and the way back, the
 * way down to the details and every document open from a target of 44 px (24 px is WCAG 2.5.8's least).
 */
const APP = '7d1c2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';

const detail = {
  id: APP,
  applicationNumber: 61,
  kind: 'New',
  stage: 'StepThree',
  seen: { chairman: true, uno: true, badc: false },
  version: 3,
  submittedAt: '2026-11-20T05:00:00Z',
  intakeStatus: 'complete',
  fields: { applicantName: 'করিম মিয়া', latitude: 24.71, longitude: 88.23 },
  files: [
    { id: 'f1', slot: 'nid', mime: 'application/pdf', size: 100, originalName: 'nid.pdf', url: '/api/files/f1' },
    {
      id: 'f2',
      slot: 'landRecord',
      mime: 'application/pdf',
      size: 100,
      originalName: 'dolil.pdf',
      url: '/api/files/f2',
    },
  ],
  checklist: null,
  renewalChecks: null,
  changeMarks: null,
  change: null,
  finalRemarks: null,
  recheck: { requested: false, message: null },
  licence: null,
  audit: [],
  allowedActions: ['inspect'],
} as unknown as ApplicationDetail;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  resetMeForTests();
  vi.stubGlobal('fetch', async (input: string) => {
    if (input === '/api/auth/me')
      return json(200, { id: 5, name: null, email: 'badc@example.org', role: 'BADC', mustChangePassword: false });
    if (input === `/api/staff/applications/${APP}`) return json(200, detail);
    return json(404, { error: { code: 'NOT_FOUND', message: 'নেই', messageEn: 'Not found' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  render(
    <LocaleProvider>
      <MemoryRouter initialEntries={[`/admin-page/b-unseen-view/${APP}`]}>
        <Routes>
          <Route
            path="/admin-page/b-unseen-view/:id"
            element={
              <DetailPage titleKey="decisions.title.inspect" backTo="/admin-page/bunseen">
                {() => (
                  <section aria-label="পরিদর্শনের কাজ">
                    <h2>যাচাই তালিকা</h2>
                  </section>
                )}
              </DetailPage>
            }
          />
        </Routes>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

const follows = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('DetailPage on a phone', () => {
  it('puts the screen’s own work before the detail table, in the page’s order, with a link down to the details', async () => {
    open();
    const table = await screen.findByRole('table', { name: bn['decisions.table.caption'] });
    const work = screen.getByRole('region', { name: 'পরিদর্শনের কাজ' });
    const heading = screen.getByRole('heading', { level: 1 });
    // Not moved by CSS order: what a screen reader and the Tab key meet first is what the eye meets first.
    expect(follows(heading, work)).toBe(true);
    expect(follows(work, table)).toBe(true);
    const down = screen.getByRole('link', { name: new RegExp(bn['decisions.table.caption']) });
    expect(down.getAttribute('href')).toBe('#application-details');
    expect(document.getElementById('application-details')!.contains(table)).toBe(true);
    expect(follows(down, work)).toBe(true);
  });

  it('gives the way back, the way down and each document a 44 px target on a phone, 32 px on a wide screen', async () => {
    open();
    const table = await screen.findByRole('table', { name: bn['decisions.table.caption'] });
    const docs = await within(table).findAllByRole('link', { name: new RegExp(bn['decisions.file.open']) });
    expect(docs).toHaveLength(2);
    const back = screen.getByRole('link', { name: new RegExp(bn['decisions.backToList']) });
    const down = screen.getByRole('link', { name: new RegExp(bn['decisions.table.caption']) });
    const map = within(table).getByRole('link', { name: bn['decisions.geo.openMap'] });
    for (const link of [back, down, map, ...docs]) {
      const classes = link.className.split(/\s+/);
      expect(classes).toEqual(expect.arrayContaining(['inline-flex', 'min-h-11', 'lg:min-h-8']));
    }
  });
});
