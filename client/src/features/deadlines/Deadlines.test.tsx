import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { bn, toBanglaDigits } from '@portal/shared/i18n/index';
import { DEFAULT_STAGE_TARGETS } from '@portal/shared/workflow/deadlines';
import { createTestContext, type TestContext } from '../../../../server/src/test/harness';
import { signInAs, type StaffAgent } from '../../../../server/src/test/roles';
import { insertApplication } from '../../../../server/src/modules/requests/request-fixtures';
import { getSettings } from '../../../../server/src/modules/settings/settings.repository';
import { resetMeForTests } from '../staff/useMe';
import { openStaffPanel } from '../../routes/staff/test/openStaffPanel';

/**
 * Deadlines on the staff screens against the real API in-process (docs/decisions/040-stage-deadlines.md):
 * the "সময়" column marks an overdue request red in Bangla, the Chairman's dashboard counts it, and
 * the Admin's deadline section refuses a bad target in Bangla and saves targets and holidays.
 * The server's clock stands at Thursday 3 December 2026, 10:00 in Dhaka.
 */
configure({ asyncUtilTimeout: 8000 });

let ctx: TestContext;
let agent: StaffAgent;
const writes: { method: string; path: string; body: unknown }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.now = new Date('2026-12-03T04:00:00Z');
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => {
  resetMeForTests();
  writes.length = 0;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (init.method && init.method !== 'GET') {
      writes.push({ method: init.method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    }
    return ctx.request(path, { ...init, agent });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = openStaffPanel;

describe('the Chairman’s lists and dashboard', () => {
  beforeAll(async () => {
    agent = await signInAs(ctx, 'Chairman');
    // Tuesday 24 November: 7 working days at the Chairman, 4 past the target of 3.
    await insertApplication(ctx, { applicantName: 'দেরির আবেদন', submittedAt: new Date('2026-11-24T04:00:00Z') });
    // Yesterday: 1 working day, in time.
    await insertApplication(ctx, { applicantName: 'নতুন আবেদন', submittedAt: new Date('2026-12-02T04:00:00Z') });
  });

  it('shows each row’s working days, and the overdue one in red with the days past', async () => {
    open('/admin-page/Unseen');
    const table = (await screen.findAllByRole('table'))[0]!;
    const header = within(table).getByRole('columnheader', { name: new RegExp(bn['deadlines.col.age']) });
    expect(header).toBeTruthy();

    const lateRow = (await within(table).findByText('দেরির আবেদন')).closest('tr')!;
    const late = within(lateRow).getByText(bn['deadlines.overdue'].replace('{days}', toBanglaDigits(4)));
    expect(late.className).toContain('text-red-700');
    expect(late.closest('[data-overdue]')).not.toBeNull();
    expect(within(lateRow).getByText(bn['deadlines.dueOn'].replace('{date}', '২৯-১১-২০২৬'))).toBeTruthy();

    const freshRow = within(table).getByText('নতুন আবেদন').closest('tr')!;
    expect(within(freshRow).getByText(bn['deadlines.age'].replace('{days}', toBanglaDigits(1)))).toBeTruthy();
    expect(freshRow.querySelector('[data-overdue]')).toBeNull();
  });

  it('counts the overdue request on the dashboard and leads to the list, longest waiting first', async () => {
    open('/admin-page');
    const card = await screen.findByTestId('overdue-new-StepOne');
    expect(within(card).getByText(bn['deadlines.dash.overdue'].replace('{count}', toBanglaDigits(1)))).toBeTruthy();
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/admin-page/Unseen?sort=stageSince&dir=asc');
  });
});

describe('the Admin’s deadline settings on Base Setting', () => {
  beforeAll(async () => {
    agent = await signInAs(ctx, 'Admin');
  });

  it('refuses a target of 0 in Bangla and sends nothing; saves targets and an every-year holiday', async () => {
    open('/admin-page/base-setting');
    const box = (await screen.findByLabelText(bn['deadlines.stage.new.StepThree'])) as HTMLInputElement;
    expect(box.value).toBe(toBanglaDigits(DEFAULT_STAGE_TARGETS.new.StepThree));
    const save = screen.getByRole('button', { name: bn['deadlines.settings.save'] });

    fireEvent.change(box, { target: { value: '০' } });
    fireEvent.click(save);
    expect(await screen.findByText(bn['deadlines.v.target'])).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(writes).toEqual([]);

    // Bangla digits are taken; 10 working days for BADC's inspection.
    fireEvent.change(box, { target: { value: '১০' } });
    fireEvent.change(screen.getByLabelText(bn['deadlines.holidays.date']), { target: { value: '2026-08-05' } });
    fireEvent.click(screen.getByLabelText(bn['deadlines.holidays.everyYear']));
    fireEvent.click(screen.getByRole('button', { name: bn['deadlines.holidays.add'] }));
    const yearly = bn['deadlines.holidays.yearly'].replace('{date}', '০৫-০৮');
    expect(screen.getByText(yearly)).toBeTruthy();
    // Victory Day taken off the list.
    fireEvent.click(
      screen.getByRole('button', { name: bn['deadlines.holidays.remove'].replace('{date}', '১৬-১২ (প্রতি বছর)') }),
    );
    fireEvent.click(save);

    expect(await screen.findByText(bn['deadlines.settings.saved'])).toBeTruthy();
    expect(writes).toHaveLength(1);
    expect(Object.keys(writes[0]!.body as object).sort()).toEqual(['holidays', 'stageTargets']);
    const stored = await getSettings(ctx.db);
    expect(stored.stageTargets.new.StepThree).toBe(10);
    expect(stored.holidays).toEqual(['02-21', '03-26', '04-14', '05-01', '08-05']);
  });
});
