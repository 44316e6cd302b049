import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  isCluster,
  MAP_FEATURE_LIMIT,
  MAP_STATES,
  translate,
  type ClusterFeature,
  type LatLng,
  type MapState,
  type ProblemBody,
  type StaffRole,
  type WellCollection,
  type WellFeature,
} from '@portal/shared';
import { createTestContext, type Agent, type TestContext } from '../../test/harness.js';
import { signInAs } from '../../test/roles.js';
import { eastOf, insertWell, type WellSeed } from './map-fixtures.js';

/**
 * The live map's API (docs/decisions/028-map-and-siting.md, 035-live-map-clusters-and-visits.md):
 * GET /api/staff/map/wells answers the wells inside the map's box as GeoJSON, each with the state
 * the legend colours it by, or clusters of all of them when the box holds more than one answer carries.
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
/** The wells of an answer that was not clustered (a clustered one fails the test here). */
function points(body: WellCollection): WellFeature[] {
  expect(body.clustered).toBe(false);
  return body.features.filter((f): f is WellFeature => !isCluster(f));
}
const labels = (body: WellCollection) =>
  points(body)
    .map((f) => labelOf(f.properties.applicationId))
    .sort();
const onMap = Object.entries(WELLS)
  .filter(([, w]) => w.state !== null)
  .map(([label]) => label)
  .sort();

describe('GET /api/staff/map/wells', () => {
  it('answers the complete applications inside the box as GeoJSON points, longitude first', async () => {
    const { status, body } = await wells(`bbox=${AREA}`);
    expect(status).toBe(200);
    expect(body.type).toBe('FeatureCollection');
    expect(body.clustered).toBe(false);
    expect(labels(body)).toEqual(onMap);
    const first = points(body).find((f) => f.properties.applicationId === ids.get('atChairman')!.id)!;
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
      points(body).map((f) => [labelOf(f.properties.applicationId), f.properties.state]),
    );
    const expected = Object.fromEntries(
      Object.entries(WELLS).flatMap(([label, w]) => (w.state ? [[label, w.state]] : [])),
    );
    expect(states).toEqual(expected);
  });

  it('gives each well its size’s command-area radius and its licence number', async () => {
    const { body } = await wells(`bbox=${AREA}`);
    const props = (label: string) =>
      points(body).find((f) => f.properties.applicationId === ids.get(label)!.id)!.properties;
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

  it('names a request only to a role that may read it; a licensed well shows its holder', async () => {
    const names = async (role: StaffRole) => {
      const { body } = await wells(`bbox=${AREA}`, role);
      return Object.fromEntries(points(body).map((f) => [labelOf(f.properties.applicationId), f.properties.name]));
    };
    // The UNO reads what passed its level, not what is still at the Chairman's.
    const uno = await names('UNO');
    expect(uno.atBadc).toBe('বিএডিসির কাছে');
    expect(uno.atChairman).toBe('');
    expect(uno.testing).toBe('পরীক্ষামূলক মালিক');
    expect((await names('BADC')).atBadc).toBe('বিএডিসির কাছে');
    expect((await names('Admin')).testing).toBe('পরীক্ষামূলক মালিক');
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
  const EXTRA = 20;
  const BOX = '89.99,22.99,90.02,23.02';
  /** The same wells, counted by the database with the answer's own box and filters. */
  const countIn = async (states?: 'declined' | 'pending' | 'pendingOrDeclined') => {
    const row = await ctx.db
      .selectFrom('applications')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('latitude', '>=', 22.99)
      .where('latitude', '<=', 23.02)
      .where('longitude', '>=', 89.99)
      .where('longitude', '<=', 90.02)
      .$if(states === 'declined', (q) => q.where('stage', '=', 'Decline'))
      .$if(states === 'pending', (q) => q.where('stage', '=', 'Pending'))
      .$if(states === 'pendingOrDeclined', (q) => q.where('stage', 'in', ['Pending', 'Decline']))
      .executeTakeFirstOrThrow();
    return row.n;
  };
  const clustersOf = (body: WellCollection): ClusterFeature[] => {
    expect(body.clustered).toBe(true);
    expect(body.features.every(isCluster)).toBe(true);
    return body.features as ClusterFeature[];
  };
  const total = (clusters: ClusterFeature[]) => clusters.reduce((n, c) => n + c.properties.count, 0);

  beforeAll(async () => {
    // Inserted in bulk with their position columns, as the bench seeds them; every tenth declined.
    // 51 columns of up to 100 wells, 11 m apart north-south and 10 m east-west: about 1.1 × 0.5 km.
    await sql`
      INSERT INTO applications (id, application_number, kind, content_hash, intake_status, fields, mobile, stage,
        seen_chairman, seen_uno, seen_badc, latitude, longitude, position_source, submitted_at, created_at, updated_at)
      SELECT gen_random_uuid(), block.first + g - 1, 'New', md5('map' || g), 'complete', '{"wellSize": "0.5"}'::jsonb, '01712345678',
        CASE WHEN g % 10 = 0 THEN 'Decline' ELSE 'Pending' END, true, true, true,
        ${AT.latitude} + (g % 100) * 0.0001, ${AT.longitude} + (g / 100) * 0.0001, 'applicant', now(), now(), now()
      FROM generate_series(1, ${COUNT}::int) AS g,
        (SELECT take_office_numbers('application', ${COUNT}) AS first) AS block
    `.execute(ctx.db);
    // And 20 approvable ones among them, so a state filter can leave out some and still cluster.
    for (let i = 0; i < EXTRA; i++)
      await insertWell(ctx, {
        at: { latitude: AT.latitude + 0.00005 + i * 0.0001, longitude: AT.longitude + 0.00005 },
        stage: 'Approvable',
        seen: ALL_SEEN,
      });
  }, 60_000);

  it('answers clusters that count every well of the box, with a count per state and a centroid inside', async () => {
    const { status, body } = await wells(`bbox=${BOX}&zoom=15`);
    expect(status).toBe(200);
    const clusters = clustersOf(body);
    expect(clusters.length).toBeGreaterThan(1);
    expect(total(clusters)).toBe(COUNT + EXTRA);
    expect(total(clusters)).toBe(await countIn());
    const perState = Object.fromEntries(
      MAP_STATES.map((s) => [s, clusters.reduce((n, c) => n + c.properties.states[s], 0)]),
    );
    expect(perState).toEqual({
      ...Object.fromEntries(MAP_STATES.map((s) => [s, 0])),
      pending: 4501,
      declined: 500,
      approved: EXTRA,
    });
    for (const c of clusters) {
      expect(MAP_STATES.reduce((n, s) => n + c.properties.states[s], 0)).toBe(c.properties.count);
      const [w, s, e, n] = c.properties.bbox;
      const [lng, lat] = c.geometry.coordinates;
      expect(lng).toBeGreaterThanOrEqual(w);
      expect(lng).toBeLessThanOrEqual(e);
      expect(lat).toBeGreaterThanOrEqual(s);
      expect(lat).toBeLessThanOrEqual(n);
    }
    expect(new Set(clusters.map((c) => c.id)).size).toBe(clusters.length);
  });

  it('cuts a finer grid at a closer zoom, the same wells counted; no zoom cuts the box itself', async () => {
    const coarse = clustersOf((await wells(`bbox=${BOX}&zoom=13`)).body);
    const fine = clustersOf((await wells(`bbox=${BOX}&zoom=16`)).body);
    expect(fine.length).toBeGreaterThan(coarse.length);
    expect(total(fine)).toBe(COUNT + EXTRA);
    expect(total(coarse)).toBe(COUNT + EXTRA);
    const noZoom = clustersOf((await wells(`bbox=${BOX}`)).body);
    expect(total(noZoom)).toBe(COUNT + EXTRA);
    // A zoom far too close for the box still gives at most 64 × 64 cells.
    const tooClose = clustersOf((await wells(`bbox=${BOX}&zoom=22`)).body);
    expect(tooClose.length).toBeLessThanOrEqual(64 * 64);
    expect(total(tooClose)).toBe(COUNT + EXTRA);
  });

  it('counts only the states asked, and answers wells one by one once a filter leaves few enough', async () => {
    // Pending and declined are still more than the limit: clusters of those wells only.
    const asked = clustersOf((await wells(`bbox=${BOX}&zoom=15&states=pending,declined`)).body);
    expect(total(asked)).toBe(await countIn('pendingOrDeclined'));
    expect(total(asked)).toBe(COUNT);
    expect(asked.every((c) => c.properties.states.approved === 0)).toBe(true);
    // Pending alone is 4,501: one by one.
    const pending = await wells(`bbox=${BOX}&zoom=15&states=pending`);
    expect(points(pending.body)).toHaveLength(await countIn('pending'));
    const { body } = await wells(`bbox=${BOX}&zoom=15&states=declined`);
    expect(points(body)).toHaveLength(await countIn('declined'));
    expect(points(body).every((f) => f.properties.state === 'declined')).toBe(true);
  });

  it('answers wells one by one, newest first, for a part of the same place that holds fewer', async () => {
    // The first ten columns: 999 wells (the first column lacks g = 0) and the 20 approvable ones.
    const { body } = await wells('bbox=89.99,22.99,90.00095,23.02&zoom=18');
    const features = points(body);
    expect(features).toHaveLength(999 + EXTRA);
    const numbers = features.map((f) => f.properties.applicationNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('refuses a zoom that is not a whole number from 0 to 22 with the Bangla message', async () => {
    for (const zoom of ['23', '-1', '1.5', 'far']) {
      const { status, body } = await wells(`bbox=${BOX}&zoom=${zoom}`);
      expect(status, zoom).toBe(400);
      expect(body.error?.fields?.zoom, zoom).toBe(translate('bn', 'map.v.zoom'));
    }
  });
});
