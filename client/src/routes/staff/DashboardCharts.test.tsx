import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../server/src/test/harness';
import { signInAs, type StaffAgent } from '../../../../server/src/test/roles';
import { insertApplication } from '../../../../server/src/modules/requests/request-fixtures';
import { registerPost } from '../../../../server/src/modules/register/register-fixtures';
import { resetMeForTests } from '../../features/staff/useMe';
import { openStaffPanel } from './test/openStaffPanel';

/**
 * The dashboards' charts against the real API in-process (docs/decisions/042-dashboard-charts.md):
 * BADC's and the Admin's dashboards show the two charts with their words (a summary on the picture,
 * every number in a table a screen reader reads) in Bangla digits and month names; the Chairman's
 * shows none and never asks for them. The server's clock stands at 20 November 2026 in Dhaka.
 */
configure({ asyncUtilTimeout: 8000 });

let ctx: TestContext;
let agent: StaffAgent;
const reads: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.now = new Date('2026-11-20T04:00:00Z');
  const badc = await signInAs(ctx, 'BADC');
  // Three new applications in September, one at the Chairman, one at the UNO, one approved.
  await insertApplication(ctx, { submittedAt: new Date('2026-09-02T05:00:00Z') });
  await insertApplication(ctx, { stage: 'StepTwo', submittedAt: new Date('2026-09-15T05:00:00Z') });
  await insertApplication(ctx, { stage: 'Approved', submittedAt: new Date('2026-09-28T05:00:00Z') });
  // One renewal in November, at the Chairman.
  await insertApplication(ctx, { kind: 'Renew', submittedAt: new Date('2026-11-02T05:00:00Z') });
  // Deleted from the register: counted nowhere.
  const gone = await insertApplication(ctx, { submittedAt: new Date('2026-09-20T05:00:00Z') });
  expect((await registerPost(ctx, badc, gone.id, 'delete', { reason: 'দুবার জমা' })).status).toBe(200);
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => {
  resetMeForTests();
  reads.length = 0;
  // jsdom has no canvas: the chart draws nothing, and its words are what is checked here.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    reads.push(path);
    return ctx.request(path, { ...init, agent });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The chart section, once its figures have arrived. */
async function chartSection() {
  const section = await screen.findByRole('region', { name: bn['staff.charts.title'] });
  await within(section).findByRole('table', { name: bn['staff.charts.perMonth.caption'] });
  return section;
}

/** A table's row by its header cell, as its cells' text. */
function row(table: HTMLElement, header: string): string[] {
  const th = within(table).getByRole('rowheader', { name: header });
  return [...th.closest('tr')!.querySelectorAll('td')].map((td) => td.textContent ?? '');
}

describe('the dashboards’ charts', () => {
  it('shows BADC applications per month by kind and the stage funnel, with a text alternative in Bangla', async () => {
    agent = await signInAs(ctx, 'BADC');
    openStaffPanel('/admin-page');
    const section = await chartSection();

    // Per month: a summary on the picture, every month and kind in the table (New, Existing, Renew, Name, Plot, total).
    const months = within(section).getByRole('table', { name: bn['staff.charts.perMonth.caption'] });
    expect(
      within(months)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      bn['staff.charts.col.month'],
      bn['staff.kind.New'],
      bn['staff.kind.Existing'],
      bn['staff.kind.Renew'],
      bn['staff.kind.NameChange'],
      bn['staff.kind.PlotChange'],
      bn['staff.charts.col.total'],
    ]);
    expect(within(months).getAllByRole('rowheader')).toHaveLength(12);
    expect(within(months).getAllByRole('rowheader')[0]!.textContent).toBe('ডিসেম্বর ২০২৫');
    expect(row(months, 'সেপ্টেম্বর ২০২৬')).toEqual(['৩', '০', '০', '০', '০', '৩']);
    expect(row(months, 'নভেম্বর ২০২৬')).toEqual(['০', '০', '১', '০', '০', '১']);
    expect(row(months, 'অক্টোবর ২০২৬')).toEqual(['০', '০', '০', '০', '০', '০']);
    expect(
      await within(section).findByRole('img', {
        name: 'গত ১২ মাসে মোট ৪টি আবেদন এসেছে; সবচেয়ে বেশি সেপ্টেম্বর ২০২৬ মাসে, ৩টি।',
      }),
    ).toBeTruthy();

    // The funnel: every stage in pipeline order, then approved and declined.
    const funnel = within(section).getByRole('table', { name: bn['staff.charts.funnel.caption'] });
    expect(
      within(funnel)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(
      ['StepOne', 'StepTwo', 'StepThree', 'Pending', 'Approvable', 'NotApprovable', 'Approved', 'Decline'].map(
        (s) => bn[`review.stage.${s}` as keyof typeof bn],
      ),
    );
    expect(row(funnel, bn['review.stage.StepOne'])).toEqual(['২']);
    expect(row(funnel, bn['review.stage.StepTwo'])).toEqual(['১']);
    expect(row(funnel, bn['review.stage.Approved'])).toEqual(['১']);
    const funnelImage = await within(section).findByRole('img', { name: /^এখন মোট ৪টি আবেদন: / });
    expect(funnelImage.getAttribute('aria-label')).toContain('চেয়ারম্যানের কাছে ২টি');
    expect(funnelImage.getAttribute('aria-label')).toContain('বাতিল ০টি');
  });

  it('shows the same charts on the Admin’s dashboard', async () => {
    agent = await signInAs(ctx, 'Admin');
    openStaffPanel('/admin-page/admin-dashboard');
    const section = await chartSection();
    const months = within(section).getByRole('table', { name: bn['staff.charts.perMonth.caption'] });
    expect(row(months, 'সেপ্টেম্বর ২০২৬')).toEqual(['৩', '০', '০', '০', '০', '৩']);
    expect(within(section).getByRole('table', { name: bn['staff.charts.funnel.caption'] })).toBeTruthy();
  });

  it('shows none to the Chairman, who does not ask for them', async () => {
    agent = await signInAs(ctx, 'Chairman');
    openStaffPanel('/admin-page');
    expect(await screen.findByText(bn['staff.dashboard.lists'])).toBeTruthy();
    expect(screen.queryByRole('region', { name: bn['staff.charts.title'] })).toBeNull();
    expect(reads.some((p) => p.includes('/dashboard/charts'))).toBe(false);
  });
});
