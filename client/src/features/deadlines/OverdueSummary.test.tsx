import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn, toBanglaDigits } from '@portal/shared/i18n/index';
import type { OverdueSummary as Summary } from '@portal/shared/schemas/deadlines';
import { OverdueSummary } from './OverdueSummary';

/**
 * The dashboard's overdue work (docs/decisions/040-stage-deadlines.md) on a phone: a stage with
 * overdue work is a large red card, a stage in time takes no card, only one small line for them all
 * (docs/decisions/055-staff-layout.md).
 */
type Stage = Summary['stages'][number];
const stage = (pipeline: Stage['pipeline'], s: string, queue: string, open: number, overdue: number) =>
  ({ pipeline, stage: s, queue, targetDays: 5, open, overdue }) as Stage;

let summary: Summary;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(summary), { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  render(
    <MemoryRouter>
      <OverdueSummary role="BADC" />
    </MemoryRouter>,
  );
const overdueText = (n: number) => bn['deadlines.dash.overdue'].replace('{count}', toBanglaDigits(n));

describe('<OverdueSummary> on BADC’s dashboard', () => {
  it('shows six stages with nothing overdue as one small line, not six "০টির সময় পেরিয়েছে" cards', async () => {
    summary = {
      today: '2026-12-03',
      stages: [
        stage('new', 'StepThree', 'badc-unseen', 3, 0),
        stage('new', 'Pending', 'pending', 4, 0),
        stage('new', 'Approvable', 'approvable', 3, 0),
        stage('new', 'NotApprovable', 'notapprovable', 2, 0),
        stage('renewal', 'StepThree', 'badc-renew-unseen', 1, 0),
        stage('change', 'Pending', 'change-pending', 2, 0),
      ],
    };
    show();
    const line = await screen.findByTestId('overdue-in-time');
    expect(line.tagName).toBe('P');
    expect(line.textContent).toContain(bn['deadlines.dash.none']);
    expect(line.className).toContain('text-sm');
    expect(screen.queryByText(overdueText(0))).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('keeps an overdue stage a large red card leading to its list, the rest one small line', async () => {
    summary = {
      today: '2026-12-03',
      stages: [
        stage('new', 'StepThree', 'badc-unseen', 3, 2),
        stage('new', 'Pending', 'pending', 4, 0),
        stage('change', 'Pending', 'change-pending', 0, 0),
      ],
    };
    show();
    const card = await screen.findByTestId('overdue-new-StepThree');
    const count = within(card).getByText(overdueText(2));
    expect(count.className).toEqual(expect.stringContaining('text-2xl'));
    expect(count.className).toEqual(expect.stringContaining('text-red-700'));
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/admin-page/bunseen?sort=stageSince&dir=asc');
    expect(screen.queryByTestId('overdue-new-Pending')).toBeNull();
    expect(screen.getByTestId('overdue-in-time').textContent).toContain(bn['deadlines.dash.othersInTime']);
    expect(screen.queryByText(overdueText(0))).toBeNull();
  });
});
