import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../../server/src/test/harness';
import { signInAsArea, type StaffAgent } from '../../../../../server/src/test/roles';
import { insertApplication } from '../../../../../server/src/modules/offices/office-fixtures';
import Login from '../../public/Login';
import { openStaffPanel } from '../test/openStaffPanel';
import { fetchAtNational, NATIONAL, openOffices } from './test/nationalAddress';

/**
 * The national administrator's and the area viewers' screen against the real API in-process, on
 * the national address (docs/decisions/057-offices.md, step 4).
 */
configure({ asyncUtilTimeout: 8000 });

let ctx: TestContext;
let agent: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  await openOffices(ctx, [
    { upazila_id: 132, name_bn: 'শেরপুর', name_en: 'Sherpur', code: 'u132', host: 'sherpur.localhost' },
  ]);
  await insertApplication(ctx.db, { stage: 'Pending' });
  await insertApplication(ctx.db, { stage: 'Approved' });
}, 120_000);
afterAll(() => ctx.close());
fetchAtNational(() => ({ ctx, agent }));

describe('the offices screen', () => {
  it('shows a district viewer its offices and their figures in Bangla, and nothing to change', async () => {
    agent = await signInAsArea(ctx, 'DistrictViewer', { districtId: 14, at: NATIONAL });
    openStaffPanel('/admin-page');
    const card = await screen.findByRole('article', { name: /শেরপুর/ });
    expect(within(card).getByText('বগুড়া', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('article', { name: /শিবগঞ্জ/ })).toBeNull();
    expect(screen.getByText(bn['offices.national.role.DistrictViewer'], { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: bn['offices.national.edit'] })).toBeNull();
    expect(screen.queryByRole('form', { name: bn['offices.national.openTitle'] })).toBeNull();
  });

  it('lets the national administrator open an office from the list and appoint its Admin', async () => {
    agent = await signInAsArea(ctx, 'NationalAdmin', { at: NATIONAL });
    openStaffPanel('/admin-page');
    const shibganj = await screen.findByRole('article', { name: /শিবগঞ্জ/ });
    // Two applications, one in review, one approved, in Bangla digits.
    const applications = within(shibganj).getByText(bn['offices.national.applications']).parentElement!;
    expect(applications.textContent).toContain('২');
    const totals = screen.getByRole('region', { name: /সব অফিস মিলিয়ে/ });
    expect(totals.textContent).toContain('২টি অফিস');

    const form = await screen.findByRole('form', { name: bn['offices.national.openTitle'] });
    const district = within(form).getByLabelText(bn['offices.national.district']);
    await within(district).findByRole('option', { name: 'গাজীপুর' });
    fireEvent.change(district, { target: { value: '41' } });
    fireEvent.change(within(form).getByLabelText(bn['offices.national.upazila']), { target: { value: '317' } });
    fireEvent.click(within(form).getByRole('button', { name: bn['offices.national.openSubmit'] }));
    const kaliganj = await screen.findByRole('article', { name: /কালীগঞ্জ/ });
    expect(within(kaliganj).getByRole('link', { name: 'kaliganj.gazipur.gov.bd' })).toBeTruthy();

    fireEvent.click(within(kaliganj).getByRole('button', { name: bn['offices.national.appoint'] }));
    fireEvent.change(within(kaliganj).getByLabelText(bn['offices.national.adminEmail']), {
      target: { value: 'admin@kaliganj.example' },
    });
    fireEvent.click(within(kaliganj).getByRole('button', { name: bn['offices.national.appointSubmit'] }));
    const done = await within(kaliganj).findByRole('status');
    expect(done.textContent).toContain('admin@kaliganj.example');
    expect(within(done).getByText(/\S{15,}/, { selector: 'code' })).toBeTruthy();
  });
});

describe('the staff sign-in', () => {
  it('offers a new account at an office address, and none at the national address, where none can be made', async () => {
    agent = undefined as unknown as StaffAgent;
    let settingsRead = false;
    const at = (origin: string) =>
      vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
        const response = await ctx.request(`${origin}${path}`, init);
        if (path === '/api/public/settings') settingsRead = true;
        return response;
      });
    at('http://localhost');
    render(
      <MemoryRouter initialEntries={['/login']}>
        <Login />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: bn['staff.login.register'] })).toBeTruthy();
    cleanup();
    localStorage.clear();

    at(NATIONAL);
    settingsRead = false;
    render(
      <MemoryRouter initialEntries={['/login']}>
        <Login />
      </MemoryRouter>,
    );
    await waitFor(() => expect(settingsRead).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: bn['staff.login.register'] })).toBeNull();
    expect(screen.getByRole('link', { name: bn['staff.login.forgot'] })).toBeTruthy();
  });
});
