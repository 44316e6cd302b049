import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../../server/src/test/harness';
import { signInAsArea, type StaffAgent } from '../../../../../server/src/test/roles';
import { insertApplication } from '../../../../../server/src/modules/offices/office-fixtures';
import { officeScope, scopedDatabase } from '../../../../../server/src/platform/db/office-scope';
import { openStaffPanel } from '../test/openStaffPanel';
import { fetchAtNational, NATIONAL, openOffices } from './test/nationalAddress';

/**
 * The area's register view against the real API in-process, on the national address
 * (docs/decisions/057-offices.md, step 4): a district viewer reads its two offices' lists, each row
 * naming its office, narrows to one office, and downloads the CSV with the office column.
 */
configure({ asyncUtilTimeout: 8000 });

let ctx: TestContext;
let agent: StaffAgent;
/** What the page fetched, and the CSV it handed to the browser. */
const fetched: string[] = [];
let downloaded: Blob | null = null;

beforeAll(async () => {
  ctx = await createTestContext();
  // Office 1 is Shibganj of Chapainawabganj; 2 and 3 Sherpur and Shariakandi of Bogura (district 14).
  await openOffices(ctx, [
    { id: 2, upazila_id: 132, name_bn: 'শেরপুর', name_en: 'Sherpur', code: 'u132', host: 'sherpur.localhost' },
    { id: 3, upazila_id: 124, name_bn: 'সারিয়াকান্দি', name_en: 'Shariakandi', code: 'u124', host: null },
  ]);
  await insertApplication(ctx.db, { applicantName: 'শিবগঞ্জের কৃষক' });
  await insertApplication(scopedDatabase(ctx.baseDb, officeScope(2)), { applicantName: 'শেরপুরের কৃষক' });
  await insertApplication(scopedDatabase(ctx.baseDb, officeScope(3)), {
    applicantName: 'সারিয়াকান্দির কৃষক',
    stage: 'Approved',
  });
  agent = await signInAsArea(ctx, 'DistrictViewer', { districtId: 14, at: NATIONAL });
}, 120_000);
afterAll(() => ctx.close());
fetchAtNational(
  () => ({ ctx, agent }),
  (path) => fetched.push(path),
);
beforeEach(() => {
  fetched.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((downloaded = b), 'blob:csv') }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The wide-screen table (the phone cards repeat the same rows). */
const table = async () => (await screen.findAllByRole('table'))[0]!;

describe('the area register', () => {
  it("shows a district viewer both offices' applications with their office, and no other district's", async () => {
    openStaffPanel('/admin-page');
    fireEvent.click(await screen.findByRole('button', { name: bn['areaRegister.tab'] }));
    expect(await screen.findByRole('heading', { name: bn['register.title.new'] })).toBeTruthy();
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // After the table's own serial number, the office first.
    const headers = within(rows[0]!)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[1]).toBe(bn['areaRegister.office']);
    expect(headers[2]).toContain(bn['staff.col.applicationNumber']);
    const body = rows
      .slice(1)
      .map((r) => r.textContent)
      .join('\n');
    expect(body).toContain('শেরপুরের কৃষক');
    expect(body).toContain('সারিয়াকান্দির কৃষক');
    expect(body).not.toContain('শিবগঞ্জ');
    // Nothing to change from here.
    expect(screen.queryByRole('button', { name: bn['register.action.delete'] })).toBeNull();
    expect(screen.queryByRole('button', { name: bn['register.action.sms'] })).toBeNull();
  });

  it('narrows to one office and downloads its CSV with the office column first', async () => {
    openStaffPanel('/admin-page?view=register');
    const office = await screen.findByLabelText(bn['areaRegister.office']);
    await within(office).findByRole('option', { name: 'শেরপুর' });
    fireEvent.change(office, { target: { value: '2' } });
    await waitFor(async () => {
      const rows = within(await table()).getAllByRole('row');
      expect(rows).toHaveLength(2);
      expect(rows[1]!.textContent).toContain('শেরপুরের কৃষক');
    });
    expect(fetched.some((p) => p.startsWith('/api/national/register/new?') && p.includes('office=2'))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: bn['register.export'] }));
    await waitFor(() => expect(downloaded).not.toBeNull());
    const lines = (await downloaded!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]!.startsWith('"office","applicationNumber"')).toBe(true);
    expect(lines.filter(Boolean).slice(1)).toHaveLength(1);
    expect(lines[1]!.startsWith('"শেরপুর","1"')).toBe(true);
  });
});
