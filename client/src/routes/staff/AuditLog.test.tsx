import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bn, formatDateBn, todayInDhaka } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../server/src/test/harness';
import { signInAs, type StaffAgent } from '../../../../server/src/test/roles';
import { resetMeForTests } from '../../features/staff/useMe';
import { openStaffPanel } from './test/openStaffPanel';

/**
 * The Admin's audit page against the real API in-process (docs/decisions/041-audit-trail.md): the
 * rows say what was done in Bangla, with each changed field before and after; the "what" select
 * narrows them; a date range the wrong way round is said in Bangla and not sent.
 */
configure({ asyncUtilTimeout: 8000 });

let ctx: TestContext;
let admin: StaffAgent;
let officer: StaffAgent;
const reads: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
  officer = await signInAs(ctx, 'UNO');
  const put = (path: string, json: unknown) => ctx.request(path, { method: 'PUT', json, agent: admin });
  await put('/api/admin/settings', { websiteName: 'শিবগঞ্জ সেচ অফিস' });
  await put(`/api/admin/accounts/${officer.id}/role`, { role: 'BADC' });
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => {
  resetMeForTests();
  reads.length = 0;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (!init.method || init.method === 'GET') reads.push(path);
    return ctx.request(path, { ...init, agent: admin });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = openStaffPanel;

/** The page renders a table on wide screens and cards on phones; the table's rows are enough here. */
const tableRows = () => screen.getAllByRole('row').slice(1);
/** An action's label in the table (the "what" select lists the same words as its options). */
const inTable = { selector: 'td span' };

describe('the audit page', () => {
  it('shows who did what in Bangla, with each change before and after', async () => {
    open('/admin-page/audit');
    await screen.findByRole('heading', { name: bn['audit.title'] });
    const settings = (await screen.findAllByText(bn['decisions.history.settings.update'], inTable))[0]!.closest('tr')!;
    // The address breaks before its "@" if the column is narrow, never one letter a line.
    const who = within(settings).getByText(admin.email);
    expect(who.className).not.toContain('break-all');
    expect(who.innerHTML).toBe(admin.email.replace('@', '<wbr>@'));
    expect(within(settings).getByText(`${bn['audit.entity.settings']}`)).toBeTruthy();
    const line = within(settings).getByText(`${bn['staff.base.websiteName']}:`).closest('li')!;
    expect(line.textContent).toContain('শিবগঞ্জ সেচ অফিস');
    expect(line.textContent).toContain('→');

    const role = screen.getAllByText(bn['decisions.history.account.role'], inTable)[0]!.closest('tr')!;
    expect(within(role).getByText(`${bn['audit.entity.account']}: ${officer.email}`)).toBeTruthy();
    const roleLine = within(role).getByText(`${bn['audit.field.role']}:`).closest('li')!;
    expect(roleLine.textContent).toContain(bn['staff.role.UNO']);
    expect(roleLine.textContent).toContain(bn['staff.role.BADC']);
    // Time in Dhaka with Bangla digits.
    expect(
      within(role).getByText(new RegExp(`^${formatDateBn(todayInDhaka(new Date()))} [০-৯]{2}:[০-৯]{2}$`)),
    ).toBeTruthy();
  });

  it('narrows the rows by what was done, and refuses a date range the wrong way round', async () => {
    open('/admin-page/audit');
    await screen.findAllByText(bn['decisions.history.settings.update'], inTable);
    fireEvent.change(screen.getByLabelText(bn['audit.filter.action']), { target: { value: 'account.role' } });
    await waitFor(() =>
      expect(screen.queryAllByText(bn['decisions.history.settings.update'], inTable)).toHaveLength(0),
    );
    expect(tableRows().length).toBeGreaterThan(0);
    for (const row of tableRows()) {
      expect(within(row).getByText(bn['decisions.history.account.role'], inTable)).toBeTruthy();
    }
    expect(reads.some((p) => p.includes('action=account.role'))).toBe(true);

    fireEvent.change(screen.getByLabelText(bn['audit.filter.from']), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(reads.some((p) => p.includes('from=2026-11-20'))).toBe(true));
    fireEvent.change(screen.getByLabelText(bn['audit.filter.to']), { target: { value: '2026-11-01' } });
    expect(await screen.findByText(bn['audit.v.range'])).toBeTruthy();
    expect(screen.getByLabelText(bn['audit.filter.to']).getAttribute('aria-invalid')).toBe('true');
    expect(reads.some((p) => p.includes('to=2026-11-01'))).toBe(false);
  });
});
