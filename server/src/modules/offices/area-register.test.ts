import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@portal/shared';
import type { AreaRegisterPage } from '@portal/shared/schemas/area-register';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, signInAsArea, type StaffAgent } from '../../test/roles.js';
import { insertApplication } from './office-fixtures.js';
import { officesChanged } from './offices.repository.js';

/**
 * The register across an area (docs/decisions/057-offices.md, step 4): a district viewer reads the
 * lists and exports of its district's offices, each row naming its office, and nothing of another
 * district; one office of the area may be asked for, one outside it is a 404 that tells nothing.
 */
const NATIONAL = 'http://portal.localhost';
let ctx: TestContext;
let viewer: StaffAgent;
/** Office 1: Shibganj of Chapainawabganj (district 18). Offices 2 and 3: Sherpur and Shariakandi of Bogura (14). */
const SHIBGANJ = 1;
const SHERPUR = 2;
const SHARIAKANDI = 3;
/** The same moment for every Bogura row: ties across offices on the time and on the number. */
const SAME_TIME = new Date('2026-11-20T04:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.baseDb
    .updateTable('offices')
    .set({ upazila_id: 159, name_bn: 'শিবগঞ্জ', name_en: 'Shibganj', code: 'u159' })
    .where('id', '=', SHIBGANJ)
    .execute();
  await ctx.baseDb
    .insertInto('offices')
    .values([
      { id: SHERPUR, upazila_id: 132, name_bn: 'শেরপুর', name_en: 'Sherpur', code: 'u132', host: 'sherpur.localhost' },
      { id: SHARIAKANDI, upazila_id: 124, name_bn: 'সারিয়াকান্দি', name_en: 'Shariakandi', code: 'u124', host: null },
    ])
    .execute();
  officesChanged(ctx.baseDb);
  await insertApplication(ctx.db, { stage: 'Pending', applicantName: 'শিবগঞ্জের আবেদনকারী' });
  await insertApplication(ctx.db, { stage: 'Approved', applicantName: 'শিবগঞ্জের আবেদনকারী' });
  // Numbers 1..6 in each Bogura office, all at the same moment; two approved in Sherpur, one declined in Shariakandi.
  for (const [office, name] of [
    [SHERPUR, 'শেরপুরের'],
    [SHARIAKANDI, 'সারিয়াকান্দির'],
  ] as const) {
    const db = scopedDatabase(ctx.baseDb, officeScope(office));
    for (let n = 1; n <= 6; n++) {
      const stage =
        office === SHERPUR && n <= 2 ? 'Approved' : office === SHARIAKANDI && n === 1 ? 'Decline' : 'Pending';
      await insertApplication(db, { stage, submittedAt: SAME_TIME, applicantName: `${name} কৃষক ${n}` });
    }
  }
  viewer = await signInAsArea(ctx, 'DistrictViewer', { districtId: 14, at: NATIONAL });
});
afterAll(() => ctx.close());

async function list(agent: StaffAgent | undefined, query: Record<string, string | number> = {}, name = 'new') {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await ctx.request(`${NATIONAL}/api/national/register/${name}${qs ? `?${qs}` : ''}`, { agent });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as AreaRegisterPage };
}

async function csv(agent: StaffAgent, query = '') {
  const res = await ctx.request(`${NATIONAL}/api/national/register/new/export.csv${query}`, { agent });
  const text = await res.text();
  const rows = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.slice(1, -1).split('","'));
  return { status: res.status, text, res, rows };
}

/** A row as "office:number". */
const key = (r: { office: { id: number }; applicationNumber: number }) => `${r.office.id}:${r.applicationNumber}`;
const everyBogura = [SHERPUR, SHARIAKANDI].flatMap((o) => [1, 2, 3, 4, 5, 6].map((n) => `${o}:${n}`));

describe("a district viewer's register", () => {
  it("lists both offices of its district, each row naming its office, and nothing of another district's", async () => {
    const { status, body, text } = await list(viewer, { pageSize: 50 });
    expect(status).toBe(200);
    expect(body.rows.map(key).sort()).toEqual([...everyBogura].sort());
    expect(body.rows.find((r) => r.office.id === SHERPUR)!.office).toEqual({
      id: SHERPUR,
      nameBn: 'শেরপুর',
      nameEn: 'Sherpur',
    });
    expect(body.offices.map((o) => o.nameBn)).toEqual(['শেরপুর', 'সারিয়াকান্দি']);
    expect(text).not.toContain('শিবগঞ্জ');
    // The counters are the district's sum; no deleted count for a role that restores nothing.
    expect(body.total).toBe(12);
    expect(body.counters.byStage).toMatchObject({ Pending: 9, Approved: 2, Decline: 1 });
    expect(body.counters.deleted).toBeNull();
  });

  it('narrows to one office of the area, with that office’s counters, and searches', async () => {
    const one = await list(viewer, { office: SHARIAKANDI, pageSize: 50 });
    expect(one.status).toBe(200);
    expect(one.body.rows.map(key).sort()).toEqual(everyBogura.filter((k) => k.startsWith(`${SHARIAKANDI}:`)).sort());
    expect(one.body.counters.byStage).toMatchObject({ Pending: 5, Approved: 0, Decline: 1 });
    // Every office of the area stays on offer for the filter.
    expect(one.body.offices.map((o) => o.id)).toEqual([SHERPUR, SHARIAKANDI]);

    const found = await list(viewer, { q: 'শেরপুরের কৃষক ৩' });
    expect(found.body.rows.map(key)).toEqual([`${SHERPUR}:3`]);
    const stage = await list(viewer, { stage: 'Approved' });
    expect(stage.body.rows.map(key).sort()).toEqual([`${SHERPUR}:1`, `${SHERPUR}:2`]);
  });

  it('refuses an office outside the area exactly as one that does not exist', async () => {
    const outside = await list(viewer, { office: SHIBGANJ });
    const none = await list(viewer, { office: 999 });
    expect(outside.status).toBe(404);
    expect(outside.text).toBe(none.text);
    expect(outside.text).not.toContain('শিবগঞ্জ');
    const exported = await ctx.request(`${NATIONAL}/api/national/register/new/export.csv?office=${SHIBGANJ}`, {
      agent: viewer,
    });
    expect(exported.status).toBe(404);
  });

  it('pages through rows of two offices with the same numbers and times without skipping or repeating one', async () => {
    // Every row has the same time and mobile, and each number is in both offices.
    for (const [sort, dir] of [
      ['submittedAt', 'desc'],
      ['applicationNumber', 'asc'],
      ['mobile', 'desc'],
      ['mobile', 'asc'],
    ] as const) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const { body } = await list(viewer, { pageSize: 5, page, sort, dir });
        seen.push(...body.rows.map(key));
      }
      expect(seen.sort(), `${sort} ${dir}`).toEqual([...everyBogura].sort());
    }
    // Newest first, then the higher number, then the later office.
    const first = await list(viewer, { pageSize: 5 });
    expect(first.body.rows.map(key)).toEqual(['3:6', '2:6', '3:5', '2:5', '3:4']);
  });

  it("exports exactly the area's rows with the office first, the office's legacy columns after", async () => {
    const office = await ctx.request('/api/staff/register/new/export.csv', { agent: await signInAs(ctx, 'BADC') });
    const legacyHeader = (await office.text()).replace(/^\uFEFF/, '').split('\r\n')[0]!;

    const { status, rows, res, text } = await csv(viewer);
    expect(status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('area_new_applicant_data.csv');
    expect(rows[0]!.join('","')).toBe(`office","${legacyHeader.slice(1, -1)}`);
    const data = rows.slice(1).map((r) => `${r[0]}:${r[1]}`);
    expect(data).toEqual([
      ...[6, 5, 4, 3, 2, 1].map((n) => `শেরপুর:${n}`),
      ...[6, 5, 4, 3, 2, 1].map((n) => `সারিয়াকান্দি:${n}`),
    ]);
    expect(text).not.toContain('শিবগঞ্জ');

    const one = await csv(viewer, `?office=${SHERPUR}&stage=Approved`);
    expect(one.res.headers.get('content-disposition')).toContain('u132_new_applicant_data.csv');
    expect(one.rows.slice(1).map((r) => `${r[0]}:${r[1]}`)).toEqual(['শেরপুর:2', 'শেরপুর:1']);
  });

  it('changes nothing: the office register’s text, delete and restore do not answer at the national address', async () => {
    const { body } = await list(viewer, { office: SHERPUR, pageSize: 5 });
    const id = body.rows[0]!.id;
    for (const what of ['sms', 'delete', 'restore']) {
      const res = await ctx.request(`${NATIONAL}/api/staff/register/applications/${id}/${what}`, {
        method: 'POST',
        json: { reason: 'ভুল', message: 'x', clientMessageId: crypto.randomUUID() },
        agent: viewer,
      });
      expect(res.status, what).toBeGreaterThanOrEqual(400);
    }
    const after = await ctx.baseDb.selectFrom('applications').select('deleted_at').where('id', '=', id).execute();
    expect(after).toEqual([{ deleted_at: null }]);
  });
});

describe('who may read it', () => {
  it("gives the division and the national administrator their wider areas' offices", async () => {
    const division = await signInAsArea(ctx, 'DivisionViewer', { at: NATIONAL });
    const national = await signInAsArea(ctx, 'NationalAdmin', { at: NATIONAL });
    for (const agent of [division, national]) {
      const { body } = await list(agent, { pageSize: 50 });
      expect(body.total).toBe(14);
      expect(new Set(body.rows.map((r) => r.office.nameEn))).toEqual(new Set(['Shibganj', 'Sherpur', 'Shariakandi']));
    }
  });

  it('shows a viewer of a district with no open office an empty list', async () => {
    const gazipur = await signInAsArea(ctx, 'DistrictViewer', { districtId: 41, at: NATIONAL });
    const { status, body } = await list(gazipur);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 0, rows: [], offices: [] });
  });

  it('refuses every office role, and anyone signed out', async () => {
    const admin = await signInAs(ctx, 'Admin');
    expect((await ctx.request('/api/national/register/new', { agent: admin })).status).toBe(403);
    expect((await ctx.request('/api/national/register/new/export.csv', { agent: admin })).status).toBe(403);
    expect((await list(undefined)).status).toBe(401);
  });

  it('checks a kind against the list, as the office register does', async () => {
    const { status, body } = await list(viewer, { kind: 'Renew' });
    expect(status).toBe(400);
    expect((body as unknown as { error: { fields: Record<string, string> } }).error.fields.kind).toBe(
      translate('bn', 'register.v.kind'),
    );
  });
});
