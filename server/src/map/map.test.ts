import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  MAP_FEATURE_LIMIT,
  translate,
  type LatLng,
  type MapState,
  type ProblemBody,
  type StaffRole,
  type WellCollection,
} from '@portal/shared';
import { createTestContext, type Agent, type TestContext } from '../test/harness.js';
import { signInAs } from '../test/roles.js';
import { eastOf, insertWell, type WellSeed } from './map-fixtures.js';

/**
 * The live map's API (docs/decisions/028-map-and-siting.md): GET /api/staff/map/wells answers the
 * wells inside the map's box as GeoJSON, each with the state the legend colours it by.
 */
let ctx: TestContext;
const agents = new Map<StaffRole | null, Agent>();

/** The test area: wells 200 m apart going east from here. */
const ORIGIN: LatLng = { latitude: 24.7, longitude: 88.2 };
const AREA = '88.15,24.65,88.25,24.75';
const ALL_SEEN = { chairman: true, uno: true, badc: true };
const NONE_SEEN = { chairman: false, uno: false, badc: false };

/** One well of each kind the legend distinguishes, with the state it must show. */
const WELLS: Record<string, { seed: Omit<WellSeed, 'at'>; state: MapState | null }> = {
  atChairman: { seed: { stage: 'StepOne', seen: NONE_SEEN, applicantName: 'চেয়ারম্যানের কাছে' }, state: 'pending' },
  atBadc: { seed: { stage: 'StepThree', seen: ALL_SEEN, applicantName: 'বিএডিসির কাছে' }, state: 'pending' },
  existing: {
    seed: { kind: 'Existing', stage: 'Pending', seen: ALL_SEEN, union: 'বিনোদপুর', wellSize: '2.0' },
    state: 'pending',
  },
  approvable: { seed: { stage: 'Approvable', seen: ALL_SEEN }, state: 'approved' },
  approvedNoLicence: { seed: { stage: 'Approved', seen: ALL_SEEN }, state: 'approved' },
  notApprovable: { seed: { stage: 'NotApprovable', seen: ALL_SEEN }, state: 'declined' },
  declined: { seed: { stage: 'Decline', seen: ALL_SEEN, wellSize: '0.5' }, state: 'declined' },
  testing: { seed: { licence: 'testing', applicantName: 'পরীক্ষামূলক মালিক' }, state: 'testing' },
  active: { seed: { licence: 'active', wellSize: '1.5' }, state: 'active' },
  expired: { seed: { licence: 'expired' }, state: 'expired' },
  suspended: { seed: { licence: 'suspended', union: 'বিনোদপুর' }, state: 'suspended' },
  // Never on the map: still receiving its files.
  receiving: { seed: { stage: 'StepOne', intakeStatus: 'receiving' }, state: null },
};
const ids = new Map<string, { id: string; applicationNumber: number; licenceNumber: number | null }>();
const labelOf = (id: string) => [...ids].find(([, w]) => w.id === id)?.[0] ?? id;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ['UNO', 'BADC', 'Admin', 'Chairman', 'Pollibidut', null] as const)
    agents.set(role, await signInAs(ctx, role));
  let i = 0;
  for (const [label, w] of Object.entries(WELLS))
    ids.set(label, await insertWell(ctx, { ...w.seed, at: eastOf(ORIGIN, 200 * i++) }));
  // Outside the area, and with no position at all.
  ids.set(
    'outside',
    await insertWell(ctx, { at: { latitude: 24.9, longitude: 88.2 }, stage: 'Pending', seen: ALL_SEEN }),
  );
  ids.set('noPosition', await insertWell(ctx, { at: null, stage: 'Pending', seen: ALL_SEEN }));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function wells(query: string, role: StaffRole | null = 'BADC') {
  const res = await ctx.request(`/api/staff/map/wells?${query}`, { agent: agents.get(role) });
  return { status: res.status, body: (await res.json()) as WellCollection & ProblemBody };
}
const labels = (body: WellCollection) => body.features.map((f) => labelOf(f.properties.applicationId)).sort();
const onMap = Object.entries(WELLS)
  .filter(([, w]) => w.state !== null)
  .map(([label]) => label)
  .sort();

describe('GET /api/staff/map/wells', () => {
  it('answers the complete applications inside the box as GeoJSON points, longitude first', async () => {
    const { status, body } = await wells(`bbox=${AREA}`);
    expect(status).toBe(200);
    expect(body.type).toBe('FeatureCollection');
    expect(body.truncated).toBe(false);
    expect(labels(body)).toEqual(onMap);
    const first = body.features.find((f) => f.properties.applicationId === ids.get('atChairman')!.id)!;
    expect(first.geometry).toEqual({ type: 'Point', coordinates: [ORIGIN.longitude, ORIGIN.latitude] });
  });

  it('leaves out what is outside the box, also a box that holds only part of the area', async () => {
    // The first three wells going east (0, 200 and 400 m), not the fourth at 600 m.
    const east = eastOf(ORIGIN, 500).longitude;
    const { body } = await wells(`bbox=88.19,24.69,${east},24.71`);
    expect(labels(body)).toEqual(['atBadc', 'atChairman', 'existing']);
    const { body: north } = await wells('bbox=88.15,24.85,88.25,24.95');
    expect(labels(north)).toEqual(['outside']);
  });

  it('colours each well by its licence status, else by where its request stands', async () => {
    const { body } = await wells(`bbox=${AREA}`);
    const states = Object.fromEntries(
      body.features.map((f) => [labelOf(f.properties.applicationId), f.properties.state]),
    );
    const expected = Object.fromEntries(
      Object.entries(WELLS).flatMap(([label, w]) => (w.state ? [[label, w.state]] : [])),
    );
    expect(states).toEqual(expected);
  });

  it('gives each well its size’s command-area radius and its licence number', async () => {
    const { body } = await wells(`bbox=${AREA}`);
    const props = (label: string) =>
      body.features.find((f) => f.properties.applicationId === ids.get(label)!.id)!.properties;
    expect(props('declined')).toMatchObject({ wellSize: '0.5', radiusM: 125, licenceNumber: null, licenceId: null });
    expect(props('testing')).toMatchObject({ wellSize: '1.0', radiusM: 175 });
    expect(props('active')).toMatchObject({
      wellSize: '1.5',
      radiusM: 275,
      licenceNumber: ids.get('active')!.licenceNumber,
    });
    expect(props('existing')).toMatchObject({ kind: 'Existing', wellSize: '2.0', radiusM: 375, union: 'বিনোদপুর' });
  });

  it('filters by state, by kind and by union, and by all three together', async () => {
    expect(labels((await wells(`bbox=${AREA}&states=testing,active`)).body)).toEqual(['active', 'testing']);
    expect(labels((await wells(`bbox=${AREA}&states=declined`)).body)).toEqual(['declined', 'notApprovable']);
    expect(labels((await wells(`bbox=${AREA}&kinds=Existing`)).body)).toEqual(['existing']);
    expect(labels((await wells(`bbox=${AREA}&union=${encodeURIComponent('বিনোদপুর')}`)).body)).toEqual([
      'existing',
      'suspended',
    ]);
    const all = `bbox=${AREA}&states=suspended,pending&kinds=New&union=${encodeURIComponent('বিনোদপুর')}`;
    expect(labels((await wells(all)).body)).toEqual(['suspended']);
  });

  it('names a request only to a role whose lists show it; a licensed well shows its holder', async () => {
    const names = async (role: StaffRole) => {
      const { body } = await wells(`bbox=${AREA}`, role);
      return Object.fromEntries(body.features.map((f) => [labelOf(f.properties.applicationId), f.properties.name]));
    };
    const badc = await names('BADC');
    expect(badc.atBadc).toBe('বিএডিসির কাছে');
    expect(badc.atChairman).toBe('');
    const admin = await names('Admin');
    expect(admin.testing).toBe('পরীক্ষামূলক মালিক');
    expect(admin.atBadc).toBe('');
    expect((await names('UNO')).atBadc).toBe('বিএডিসির কাছে');
  });

  it('lets the UNO, BADC and the Admin see the map; the Chairman, Pollibidut and strangers are refused', async () => {
    for (const role of ['UNO', 'BADC', 'Admin'] as const) expect((await wells(`bbox=${AREA}`, role)).status).toBe(200);
    for (const role of ['Chairman', 'Pollibidut'] as const)
      expect((await wells(`bbox=${AREA}`, role)).body.error?.code).toBe('FORBIDDEN');
    expect((await wells(`bbox=${AREA}`, null)).body.error?.code).toBe('ACCOUNT_NO_ROLE');
    const anonymous = await ctx.request(`/api/staff/map/wells?bbox=${AREA}`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses a bad box with 400 and the Bangla message, on the bbox field', async () => {
    const message = translate('bn', 'map.v.bbox');
    expect(message).toMatch(/[\u0980-\u09ff]/);
    for (const bad of ['', 'bbox=88.1,24.6,88.3', 'bbox=a,b,c,d', 'bbox=88.3,24.6,88.1,24.8', 'bbox=88.1,,88.3,24.8']) {
      const { status, body } = await wells(bad);
      expect(status, bad).toBe(400);
      expect(body.error?.code, bad).toBe('VALIDATION');
      expect(body.error?.fields?.bbox, bad).toBe(message);
    }
    const { status, body } = await wells(`bbox=${AREA}&states=active,green`);
    expect(status).toBe(400);
    expect(body.error?.fields?.states).toBe(translate('bn', 'map.v.states'));
  });

  it('clips a box reaching past the country instead of refusing it', async () => {
    const { status, body } = await wells('bbox=80,20,100,30');
    expect(status).toBe(200);
    expect(labels(body)).toEqual([...onMap, 'outside'].sort());
  });
});

describe('more wells in the box than one answer carries', () => {
  const AT = { latitude: 23.0, longitude: 90.0 };
  const COUNT = MAP_FEATURE_LIMIT + 1;
  const BOX = '89.99,22.99,90.02,23.02';

  beforeAll(async () => {
    // Inserted in bulk with their position columns, as the bench seeds them; every tenth declined.
    await sql`
      INSERT INTO applications (id, kind, content_hash, intake_status, fields, mobile, stage,
        seen_chairman, seen_uno, seen_badc, latitude, longitude, position_source, submitted_at, created_at, updated_at)
      SELECT gen_random_uuid(), 'New', md5('map' || g), 'complete', '{"wellSize": "0.5"}'::jsonb, '01712345678',
        CASE WHEN g % 10 = 0 THEN 'Decline' ELSE 'Pending' END, true, true, true,
        ${AT.latitude} + (g % 100) * 0.0001, ${AT.longitude} + (g / 100) * 0.0001, 'applicant', now(), now(), now()
      FROM generate_series(1, ${COUNT}::int) AS g
    `.execute(ctx.db);
  }, 60_000);

  it('answers MAP_FEATURE_LIMIT wells, newest first, and says it is truncated', async () => {
    const { status, body } = await wells(`bbox=${BOX}`);
    expect(status).toBe(200);
    expect(body.features).toHaveLength(MAP_FEATURE_LIMIT);
    expect(body.truncated).toBe(true);
    const numbers = body.features.map((f) => f.properties.applicationNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const newest = await ctx.db
      .selectFrom('applications')
      .select(sql<number>`max(application_number)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(numbers[0]).toBe(newest.n);
  });

  it('is whole again once a filter leaves fewer wells', async () => {
    const { body } = await wells(`bbox=${BOX}&states=declined`);
    expect(body.truncated).toBe(false);
    expect(body.features).toHaveLength(Math.floor(COUNT / 10));
  });
});
