import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WellCollection, WellFeature } from '@portal/shared';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import type { Database } from '../../platform/db/database.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, signInAsArea, type StaffAgent } from '../../test/roles.js';
import { insertApplication } from './office-fixtures.js';
import { officesChanged } from './offices.repository.js';

/**
 * The area map (docs/decisions/057-offices.md, step 4): a viewer sees the wells of its area's open
 * offices on one map, each well with its office, and can narrow it to one office of the area only.
 * Office 1 is Shibganj (Chapainawabganj, 18); offices 2 and 3 Sherpur and Kahaloo (Bogura, 14).
 */
const NATIONAL = 'http://portal.localhost';
const COUNTRY = 'bbox=88,20.6,92.6,26.6';
let ctx: TestContext;
let viewer: StaffAgent;
let admin: StaffAgent;

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
  await ctx.baseDb
    .updateTable('offices')
    .set({ upazila_id: 159, name_bn: 'শিবগঞ্জ', name_en: 'Shibganj', code: 'u159' })
    .where('id', '=', 1)
    .execute();
  await ctx.baseDb
    .insertInto('offices')
    .values([
      { id: 2, upazila_id: 132, name_bn: 'শেরপুর', name_en: 'Sherpur', code: 'u132', host: 'sherpur.localhost' },
      { id: 3, upazila_id: 122, name_bn: 'কাহালু', name_en: 'Kahaloo', code: 'u122', host: 'kahaloo.localhost' },
    ])
    .execute();
  officesChanged(ctx.baseDb);
  await well(ctx.db, 24.68, 88.15);
  await well(scopedDatabase(ctx.baseDb, officeScope(2)), 24.6, 89.42);
  await well(scopedDatabase(ctx.baseDb, officeScope(2)), 24.61, 89.43);
  await well(scopedDatabase(ctx.baseDb, officeScope(3)), 24.96, 89.23);
  viewer = await signInAsArea(ctx, 'DistrictViewer', { districtId: 14, at: NATIONAL });
  admin = await signInAsArea(ctx, 'NationalAdmin', { at: NATIONAL });
});
afterAll(() => ctx.close());

const get = async (url: string, agent: StaffAgent = viewer) => {
  const res = await ctx.request(`${NATIONAL}${url}`, { agent });
  return { status: res.status, text: await res.text() };
};
const wellsOf = (text: string) => (JSON.parse(text) as WellCollection).features as WellFeature[];
const officesOfWells = (text: string) =>
  wellsOf(text)
    .map((f) => f.properties.officeId)
    .sort();

describe('the area map', () => {
  it("shows a district viewer the wells of its district's offices only, each with its office", async () => {
    const { status, text } = await get(`/api/national/map/wells?${COUNTRY}&zoom=7`);
    expect(status).toBe(200);
    expect(officesOfWells(text)).toEqual([2, 2, 3]);
    // No office role: a request's applicant is not named to a viewer.
    expect(wellsOf(text).map((f) => f.properties.name)).toEqual(['', '', '']);

    const extent = JSON.parse((await get('/api/national/map/extent')).text) as {
      bbox: number[];
      count: number;
      offices: { id: number; nameBn: string }[];
      centre: [number, number];
    };
    expect(extent.count).toBe(3);
    expect(extent.offices.map((o) => o.nameBn)).toEqual(['শেরপুর', 'কাহালু']);
    expect(extent.bbox[0]).toBeCloseTo(89.23);
    expect(extent.bbox[3]).toBeCloseTo(24.96);
    // Bogura's headquarters.
    expect(extent.centre[0]).toBeCloseTo(24.85, 1);
  });

  it("shows a division viewer every office of the division's districts", async () => {
    const division = await signInAsArea(ctx, 'DivisionViewer', { at: NATIONAL });
    expect(officesOfWells((await get(`/api/national/map/wells?${COUNTRY}`, division)).text)).toEqual([1, 2, 2, 3]);
  });

  it('narrows to one office of the area, and refuses an office outside it as one that does not exist', async () => {
    expect(officesOfWells((await get(`/api/national/map/wells?${COUNTRY}&office=3`)).text)).toEqual([3]);
    const outside = await get(`/api/national/map/wells?${COUNTRY}&office=1`);
    const none = await get(`/api/national/map/wells?${COUNTRY}&office=999`);
    expect(outside.status).toBe(404);
    expect(outside.text).toBe(none.text);
    expect((await get('/api/national/map/extent?office=1')).text).toBe(
      (await get('/api/national/map/extent?office=999')).text,
    );
  });

  it("shows the national administrator every open office's wells, and no closed office's", async () => {
    expect(officesOfWells((await get(`/api/national/map/wells?${COUNTRY}`, admin)).text)).toEqual([1, 2, 2, 3]);
    await ctx.baseDb.updateTable('offices').set({ closed_at: new Date() }).where('id', '=', 3).execute();
    officesChanged(ctx.baseDb);
    try {
      expect(officesOfWells((await get(`/api/national/map/wells?${COUNTRY}`, admin)).text)).toEqual([1, 2, 2]);
      expect((await get(`/api/national/map/wells?${COUNTRY}&office=3`, admin)).status).toBe(404);
    } finally {
      await ctx.baseDb.updateTable('offices').set({ closed_at: null }).where('id', '=', 3).execute();
      officesChanged(ctx.baseDb);
    }
  });

  it('refuses an office role and anyone signed out, and answers a bad box in Bangla', async () => {
    const officer = await signInAs(ctx, 'Admin');
    expect((await ctx.request(`/api/national/map/wells?${COUNTRY}`, { agent: officer })).status).toBe(403);
    expect((await ctx.request(`${NATIONAL}/api/national/map/wells?${COUNTRY}`)).status).toBe(401);
    const bad = await get('/api/national/map/wells?bbox=1,2,3&office=x');
    expect(bad.status).toBe(400);
    const fields = (JSON.parse(bad.text) as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields.bbox).toMatch(/[\u0980-\u09FF]/);
    expect(fields.office).toMatch(/[\u0980-\u09FF]/);
  });
});
