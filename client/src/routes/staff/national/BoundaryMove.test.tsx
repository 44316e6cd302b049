import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { createTestContext, type TestContext } from '../../../../../server/src/test/harness';
import { signInAsArea, type StaffAgent } from '../../../../../server/src/test/roles';
import { approvedLicence } from '../../../../../server/src/modules/licences/licence-test-fixtures';
import { LocaleProvider } from '../../../i18n/locale';
import LicenceCheck from '../../public/LicenceCheck';
import BoundaryMove from './BoundaryMove';
import { fetchAtNational, NATIONAL, openOffices } from './test/nationalAddress';

/**
 * The national administrator's screen for moving licences to a new upazila's office (issue 22
 * "Boundaries change"), against the real API in-process on the national address.
 */
configure({ asyncUtilTimeout: 8000 });

let ctx: TestContext;
let agent: StaffAgent;
let kansat: { applicationId: string; licenceId: string; licenceNumber: number };

beforeAll(async () => {
  ctx = await createTestContext();
  await openOffices(ctx, [
    { id: 2, name_bn: 'নতুন উপজেলা', name_en: 'New upazila', code: 'new-up', host: 'new.localhost' },
  ]);
  const dates = { validFrom: '2026-01-01', validTo: '2028-12-31' };
  kansat = await approvedLicence(ctx, { ...dates, union: 'কানসাট' });
  await approvedLicence(ctx, { ...dates, union: 'মোবারকপুর' });
  agent = await signInAsArea(ctx, 'NationalAdmin', { at: NATIONAL });
}, 120_000);
afterAll(() => ctx.close());
fetchAtNational(() => ({ ctx, agent }));

async function chooseOffices(from: string, to: string) {
  const fromSelect = screen.getByLabelText(bn['boundaryMove.from']);
  await within(fromSelect).findByRole('option', { name: 'শিবগঞ্জ' });
  fireEvent.change(fromSelect, { target: { value: from } });
  fireEvent.change(screen.getByLabelText(bn['boundaryMove.to']), { target: { value: to } });
}

describe('the boundary move screen', () => {
  it('refuses moving an office into itself with the Bangla message on the field', async () => {
    render(<BoundaryMove />);
    await chooseOffices('1', '1');
    fireEvent.click(await screen.findByRole('checkbox', { name: /কানসাট/ }));
    fireEvent.click(screen.getByRole('button', { name: bn['boundaryMove.preview'] }));
    const to = screen.getByLabelText(bn['boundaryMove.to']);
    await screen.findByText(bn['boundaryMove.v.sameOffice']);
    expect(to.getAttribute('aria-invalid')).toBe('true');
  });

  it('moves the licences of the chosen union after a preview and a confirmation, and shows each new number', async () => {
    render(<BoundaryMove />);
    await chooseOffices('1', '2');
    // Each union of the old office, with how many licences it holds.
    fireEvent.click(await screen.findByRole('checkbox', { name: 'কানসাট (১টি লাইসেন্স)' }));
    fireEvent.click(screen.getByRole('button', { name: bn['boundaryMove.preview'] }));
    const preview = await screen.findByRole('region', { name: bn['boundaryMove.previewTitle'] });
    expect(preview.textContent).toContain('১টি লাইসেন্স, ১টি আবেদন');
    expect(preview.textContent).toContain(`লাইসেন্স নং ${toBanglaDigits(kansat.licenceNumber)}`);

    fireEvent.click(within(preview).getByRole('button', { name: bn['boundaryMove.move'] }));
    const dialog = await screen.findByRole('dialog', { name: bn['boundaryMove.confirmTitle'] });
    fireEvent.click(within(dialog).getByRole('button', { name: bn['boundaryMove.move'] }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain(`পুরোনো নং ${toBanglaDigits(kansat.licenceNumber)} → নতুন নং ১`);
    const moved = await ctx.baseDb
      .selectFrom('licences')
      .select(['office_id', 'licence_number'])
      .where('id', '=', kansat.licenceId)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ office_id: 2, licence_number: 1 });
  });

  it('tells a person checking the old office’s printed number where the licence went', async () => {
    // The old office's own site, as the paper's number is typed there.
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) =>
      ctx.request(`http://localhost${path}`, init),
    );
    render(
      <LocaleProvider>
        <MemoryRouter initialEntries={['/licence-check']}>
          <LicenceCheck />
        </MemoryRouter>
      </LocaleProvider>,
    );
    fireEvent.change(await screen.findByLabelText('লাইসেন্স নম্বর'), {
      target: { value: toBanglaDigits(kansat.licenceNumber) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'যাচাই করুন' }));
    expect(
      await screen.findByText(
        `নতুন উপজেলা গঠনের পর এই লাইসেন্সটি শিবগঞ্জ অফিসের ${toBanglaDigits(kansat.licenceNumber)} নম্বর থেকে নতুন উপজেলা অফিসের ১ নম্বর লাইসেন্স হয়েছে।`,
      ),
    ).toBeTruthy();
  });
});
