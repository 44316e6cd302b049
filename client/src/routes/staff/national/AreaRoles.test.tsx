import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../../server/src/test/harness';
import { signInAsArea, type StaffAgent } from '../../../../../server/src/test/roles';
import { openStaffPanel } from '../test/openStaffPanel';
import { fetchAtNational, NATIONAL } from './test/nationalAddress';

/**
 * The area viewers' roles on the national screen against the real API in-process
 * (docs/decisions/057-offices.md, step 4): the national administrator grants a district viewer,
 * sees the one-time password once, and revokes the role after a confirmation.
 */
configure({ asyncUtilTimeout: 8000 });

let ctx: TestContext;
let agent: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(() => ctx.close());
fetchAtNational(() => ({ ctx, agent }));

describe('the area viewers screen', () => {
  it('lets the national administrator grant a district viewer, shows the password once, and revoke it', async () => {
    agent = await signInAsArea(ctx, 'NationalAdmin', { at: NATIONAL });
    openStaffPanel('/admin-page?view=area-roles');
    const form = await screen.findByRole('form', { name: bn['areaRoles.grantTitle'] });
    const area = within(form).getByLabelText(bn['areaRoles.district']);
    await within(area).findByRole('option', { name: 'বগুড়া' });

    // No district chosen: the server's Bangla message stands under the picker.
    fireEvent.change(within(form).getByLabelText(bn['areaRoles.email']), {
      target: { value: 'viewer@bogura.example' },
    });
    fireEvent.click(within(form).getByRole('button', { name: bn['areaRoles.submit'] }));
    expect(await within(form).findByText(bn['areaRoles.v.area'])).toBeTruthy();

    fireEvent.change(area, { target: { value: '14' } });
    fireEvent.click(within(form).getByRole('button', { name: bn['areaRoles.submit'] }));
    const done = await within(form).findByRole('status');
    expect(done.textContent).toContain('viewer@bogura.example');
    expect(done.textContent).toContain('বগুড়া');
    expect(within(done).getByText(/\S{15,}/, { selector: 'code' })).toBeTruthy();

    const list = await screen.findByRole('list', { name: bn['areaRoles.list'] });
    const rowOf = () =>
      within(list)
        .queryAllByRole('listitem')
        .find((li) => li.textContent?.includes('viewer@bogura'));
    await waitFor(() => expect(rowOf()?.textContent).toContain(bn['areaRoles.role.DistrictViewer']));
    // The administrator's own national role offers no revoke.
    expect(within(list).getAllByRole('button')).toHaveLength(1);

    fireEvent.click(within(list).getByRole('button', { name: `${bn['areaRoles.revoke']}: viewer@bogura.example` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('বগুড়া');
    fireEvent.click(within(dialog).getByRole('button', { name: bn['areaRoles.revokeConfirm'] }));
    await waitFor(() => expect(rowOf()).toBeUndefined());
    const held = await ctx.baseDb.selectFrom('area_roles').select('role').execute();
    expect(held).toEqual([{ role: 'NationalAdmin' }]);
  });

  it('is not a tab of a district viewer', async () => {
    agent = await signInAsArea(ctx, 'DistrictViewer', { districtId: 14, at: NATIONAL });
    openStaffPanel('/admin-page');
    await screen.findByRole('button', { name: bn['areaMap.tab'] });
    expect(screen.queryByRole('button', { name: bn['areaRoles.tab'] })).toBeNull();
  });
});
