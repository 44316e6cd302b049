import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import type { Me } from '@portal/shared/schemas/auth';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { Toaster } from '../../components/Toast';
import { db } from '../../offline/db';
import { startOutboxSync } from '../../offline/sync';
import { resetMeForTests } from '../staff/useMe';
import { ChangePendingView } from './ChangeViews';

/**
 * change-pending-view/{id} end to end on the client: the BADC officer marks the seven files and
 * approves; the decision goes through the officer outbox and the sync engine to
 * POST /api/staff/applications/{id}/actions (answered here by a stand-in for the server).
 */
const APP = '7a1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5';
const me: Me = { id: 41, name: null, email: 'badc@example.org', role: 'BADC', mustChangePassword: false };

const pending: ApplicationDetail = {
  id: APP,
  applicationNumber: 58,
  kind: 'NameChange',
  stage: 'Pending',
  seen: { chairman: true, uno: true, badc: false },
  version: 4,
  submittedAt: '2026-11-20T05:00:00Z',
  intakeStatus: 'complete',
  fields: { applicantName: 'করিম মিয়া', newApplicantName: 'করিম উদ্দিন' },
  files: [],
  checklist: null,
  renewalChecks: null,
  changeMarks: null,
  change: { field: 'holderName', from: 'করিম মিয়া', to: 'করিম উদ্দিন' },
  finalRemarks: null,
  recheck: { requested: false, message: null },
  licence: {
    id: '8b1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
    number: 1207,
    holderName: 'করিম মিয়া',
    dagNumber: '৪৫',
    status: 'active',
    validFrom: '2025-01-01',
    validTo: '2028-01-01',
  },
  audit: [],
  allowedActions: ['decideChange'],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: unknown[] = [];
// The sync engine is imported on first use; load it here, so the decision's wait below measures the
// decision, not the module's first transform on a busy machine.
beforeAll(async () => {
  await import('../../offline/engine');
  startOutboxSync();
}, 60_000);
beforeEach(() => {
  resetMeForTests();
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/auth/me') return json(200, me);
      if (input === '/api/public/settings') return json(200, {});
      if (input === `/api/staff/applications/${APP}/actions` && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json(200, { ...pending, stage: 'Approved', version: 5, allowedActions: [] });
      }
      if (input === `/api/staff/applications/${APP}`)
        return json(200, sent.length ? { ...pending, stage: 'Approved', version: 5, allowedActions: [] } : pending);
      return json(404, { error: { code: 'NOT_FOUND', message: 'নেই', messageEn: 'Not found' } });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await db.outbox.clear();
});

function open() {
  render(
    <MemoryRouter initialEntries={[`/admin-page/change-pending-view/${APP}`]}>
      <Routes>
        <Route path="/admin-page/change-pending-view/:id" element={<ChangePendingView />} />
        <Route path="/admin-page/changeApproved" element={<p>approved list</p>} />
        <Route path="/admin-page/changeDecline" element={<p>declined list</p>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
}

describe('change-pending-view (spec 3 §2)', () => {
  it('shows the change as old → new beside the licence it is about', async () => {
    open();
    expect((await screen.findByTestId('requested-change')).textContent).toBe('করিম মিয়া → করিম উদ্দিন');
    expect(screen.getByText('১২০৭')).toBeTruthy();
  });

  it('needs a mark on every file and the approvable choice, then sends decideChange with seven marks', async () => {
    open();
    const form = await screen.findByRole('form', { name: bn['review.title.changeReview'] });
    const items = within(form).getAllByTestId(/^change-mark-item-/);
    expect(items).toHaveLength(7);
    const submit = within(form).getByRole('button', { name: bn['review.change.submit'] });

    fireEvent.click(submit);
    expect(within(items[0]!).getByText(bn['decisions.checklist.unanswered'])).toBeTruthy();
    expect(sent).toHaveLength(0);

    items.forEach((item, i) =>
      fireEvent.click(within(item).getByLabelText(bn[i === 2 ? 'review.change.markOff' : 'review.change.markOn'])),
    );
    fireEvent.change(within(items[2]!).getByLabelText(bn['review.change.note']), {
      target: { value: 'এনআইডি অস্পষ্ট, তবে নাম মেলে' },
    });
    fireEvent.click(submit);
    expect(within(form).getByText(bn['v.choose'])).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.click(within(form).getByLabelText(bn['review.change.yes']));
    fireEvent.click(submit);

    expect(await screen.findByText('approved list', {}, { timeout: 10_000 })).toBeTruthy();
    expect(sent).toHaveLength(1);
    const request = sent[0] as { action: string; version: number; officerId: number; payload: Record<string, unknown> };
    expect(request).toMatchObject({ action: 'decideChange', version: 4, officerId: me.id });
    expect(request.payload.approve).toBe(true);
    const marks = request.payload.marks as { ok: boolean; note?: string }[];
    expect(marks).toHaveLength(7);
    expect(marks[2]).toEqual({ ok: false, note: 'এনআইডি অস্পষ্ট, তবে নাম মেলে' });
    expect(marks.filter((m) => m.ok)).toHaveLength(6);
  }, 20_000);
});
