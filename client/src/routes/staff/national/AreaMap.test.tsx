import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../../server/src/test/harness';
import { signInAsArea, type StaffAgent } from '../../../../../server/src/test/roles';
import { insertApplication } from '../../../../../server/src/modules/offices/office-fixtures';
import { officeScope, scopedDatabase } from '../../../../../server/src/platform/db/office-scope';
import type { Database } from '../../../../../server/src/platform/db/database';
import { openStaffPanel } from '../test/openStaffPanel';
import { fetchAtNational, NATIONAL, openOffices } from './test/nationalAddress';

/**
 * The area map against the real API in-process, on the national address
 * (docs/decisions/057-offices.md, step 4): a district viewer sees the wells of its district's
 * offices, each named with its office, and narrows the map to one of them.
 */
configure({ asyncUtilTimeout: 10_000 });

let ctx: TestContext;
let agent: StaffAgent;

async function well(db: Database, latitude: number, longitude: number) {
  const number = await insertApplication(db, { stage: 'Pending' });
  await db
    .updateTable('applications')
    .set({ latitude, longitude, position_source: 'applicant' })
    .where('application_number', '=', number)
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  await openOffices(ctx, [
    { id: 2, upazila_id: 132, name_bn: 'শেরপুর', name_en: 'Sherpur', code: 'u132', host: 'sherpur.localhost' },
    { id: 3, upazila_id: 122, name_bn: 'কাহালু', name_en: 'Kahaloo', code: 'u122', host: 'kahaloo.localhost' },
  ]);
  await well(ctx.db, 24.68, 88.15);
  await well(scopedDatabase(ctx.baseDb, officeScope(2)), 24.6, 89.42);
  await well(scopedDatabase(ctx.baseDb, officeScope(2)), 24.85, 89.6);
  await well(scopedDatabase(ctx.baseDb, officeScope(3)), 24.96, 89.23);
  agent = await signInAsArea(ctx, 'DistrictViewer', { districtId: 14, at: NATIONAL });
}, 120_000);
afterAll(() => ctx.close());

// Leaflet measures the map: give it a phone's size, so the wells in view are drawn.
const size = (px: number) => ({ configurable: true, get: () => px });
fetchAtNational(() => ({ ctx, agent }));
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', size(390));
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', size(500));
});
afterEach(() => {
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
});

const count = (n: string) => bn['map.live.count'].replace('{count}', n);
const wellTitles = () => [...document.querySelectorAll('.live-well')].map((m) => m.getAttribute('title') ?? '');

describe('the area map', () => {
  it("shows a district viewer its district's wells, each named with its office, and one office on choice", async () => {
    openStaffPanel('/admin-page?view=map');
    await screen.findByText(count('৩'));
    await waitFor(() => expect(wellTitles()).toHaveLength(3));
    const offices = wellTitles().map((title) => title.split(' · ')[1]);
    expect(offices.sort()).toEqual(['কাহালু অফিস', 'শেরপুর অফিস', 'শেরপুর অফিস']);

    const picker = screen.getByLabelText(bn['areaMap.office']);
    const choices = [...picker.querySelectorAll('option')].map((o) => o.textContent);
    expect(choices).toEqual([bn['areaMap.allOffices'], 'শেরপুর', 'কাহালু']);
    fireEvent.change(picker, { target: { value: '3' } });
    await screen.findByText(count('১'));
    await waitFor(() => expect(wellTitles()).toEqual([expect.stringContaining('কাহালু অফিস')]));
    // The office map's legend filters the area map too: every well here is in review.
    fireEvent.click(screen.getByRole('checkbox', { name: bn['map.state.pending'] }));
    await screen.findByText(count('০'));
    await waitFor(() => expect(wellTitles()).toEqual([]));
  });
});
