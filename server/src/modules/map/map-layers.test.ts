import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  translate,
  type MapExtent,
  type ProblemBody,
  type StaffRole,
  type VisitCollection,
  type VisitRequest,
} from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { insertApplication } from '../requests/request-fixtures.js';
import { insertWell } from './map-fixtures.js';
import { visitsInBox } from './map-visits.js';

/**
 * The live map's other layers (docs/decisions/035-live-map-clusters-and-visits.md): GET
 * /api/staff/map/extent, where the map opens, and GET /api/staff/map/visits, the field visits
 * recorded inside the box, of the applications the caller may read.
 */
let ctx: TestContext;
const agents = new Map<StaffRole | null, StaffAgent>();

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ['UNO', 'BADC', 'Admin', 'Chairman', 'Pollibidut', null] as const)
    agents.set(role, await signInAs(ctx, role));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function get<T>(path: string, role: StaffRole | null | undefined) {
  const res = await ctx.request(path, { agent: role === undefined ? undefined : agents.get(role) });
  return { status: res.status, body: (await res.json()) as T & ProblemBody };
}

describe('GET /api/staff/map/extent', () => {
  it('is null before any well has a position, then holds every well, at least a kilometre wide', async () => {
    expect((await get<MapExtent>('/api/staff/map/extent', 'BADC')).body).toEqual({ bbox: null, count: 0 });

    await insertWell(ctx, { at: { latitude: 24.7, longitude: 88.2 }, stage: 'Pending' });
    const one = (await get<MapExtent>('/api/staff/map/extent', 'UNO')).body;
    expect(one.count).toBe(1);
    const [w, s, e, n] = one.bbox!;
    expect(w).toBeCloseTo(88.195, 6);
    expect(e).toBeCloseTo(88.205, 6);
    expect(s).toBeCloseTo(24.695, 6);
    expect(n).toBeCloseTo(24.705, 6);

    await insertWell(ctx, { at: { latitude: 24.8, longitude: 88.3 }, stage: 'Pending' });
    // Still receiving its files, and without a position: neither counts.
    await insertWell(ctx, { at: { latitude: 26, longitude: 92 }, stage: 'StepOne', intakeStatus: 'receiving' });
    await insertWell(ctx, { at: null, stage: 'Pending' });
    const two = (await get<MapExtent>('/api/staff/map/extent', 'Admin')).body;
    expect(two.count).toBe(2);
    expect(two.bbox).toEqual([88.2, 24.7, 88.3, 24.8]);
  });

  it('is not stretched across the country by one mistyped position among hundreds', async () => {
    await sql`
      INSERT INTO applications (id, application_number, kind, content_hash, intake_status, fields, mobile, stage,
        seen_chairman, seen_uno, seen_badc, latitude, longitude, position_source, submitted_at, created_at, updated_at)
      SELECT gen_random_uuid(), block.first + g - 1, 'New', md5('extent' || g), 'complete', '{}'::jsonb, '01712345678', 'Pending',
        true, true, true, 24.7 + (g % 10) * 0.01, 88.2 + (g / 10) * 0.005, 'applicant', now(), now(), now()
      FROM generate_series(1, 300) AS g, (SELECT take_office_numbers('application', 300) AS first) AS block
    `.execute(ctx.db);
    await insertWell(ctx, { at: { latitude: 22.5, longitude: 91.8 }, stage: 'Pending' });
    const { body } = await get<MapExtent>('/api/staff/map/extent', 'BADC');
    expect(body.count).toBe(303);
    const [w, s, e, n] = body.bbox!;
    expect(s).toBeGreaterThanOrEqual(24.7);
    expect(e).toBeLessThanOrEqual(88.35);
    expect(w).toBeCloseTo(88.2, 6);
    // The 0.5 % at each end are left out: the mistyped one, and the single northernmost well.
    expect(n).toBeCloseTo(24.79, 6);
  });

  it('is for the roles that see the map', async () => {
    expect((await get('/api/staff/map/extent', 'Chairman')).body.error?.code).toBe('FORBIDDEN');
    expect((await get('/api/staff/map/extent', 'Pollibidut')).status).toBe(403);
    expect((await get('/api/staff/map/extent', undefined)).status).toBe(401);
  });
});

describe('GET /api/staff/map/visits', () => {
  /** Where the officer stood, well inside the test box, and a visit far outside it. */
  const HERE = { latitude: 24.71234, longitude: 88.23456, accuracyM: 12 };
  const BOX = '88.2,24.7,88.25,24.75';
  let seenByAll: { id: string; applicationNumber: number };
  let notSeenByChairman: { id: string; applicationNumber: number };
  let visitA: string, visitB: string;

  async function visit(applicationId: string, position: VisitRequest['position'], minutesAgo: number) {
    const badc = agents.get('BADC')!;
    const body: VisitRequest = {
      clientVisitId: crypto.randomUUID(),
      officerId: badc.id,
      visitedAt: new Date(ctx.clock.now.getTime() - minutesAgo * 60_000).toISOString(),
      position,
      decision: minutesAgo > 60 ? 'inspect' : 'none',
      photos: [],
    };
    const res = await ctx.request(`/api/staff/applications/${applicationId}/visits`, {
      method: 'POST',
      agent: badc,
      json: body,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return body.clientVisitId;
  }

  beforeAll(async () => {
    // Forwarded by the Chairman and the UNO: on every reviewer's lists.
    seenByAll = await insertApplication(ctx, { stage: 'StepThree', seen: { chairman: true, uno: true } });
    // At BADC's without the Chairman having seen it (a state only data from elsewhere has): the
    // Chairman may not read it, so not its visits either.
    notSeenByChairman = await insertApplication(ctx, { stage: 'StepThree', seen: { chairman: false, uno: true } });
    visitA = await visit(seenByAll.id, HERE, 120);
    visitB = await visit(notSeenByChairman.id, { ...HERE, latitude: HERE.latitude + 0.001 }, 30);
    await visit(seenByAll.id, { latitude: 23.5, longitude: 90.4, accuracyM: 5 }, 10);
    await visit(seenByAll.id, null, 5);
  }, 60_000);

  it('answers the visits recorded inside the box, newest first, with who, when, where and the decision', async () => {
    const { status, body } = await get<VisitCollection>(`/api/staff/map/visits?bbox=${BOX}`, 'BADC');
    expect(status).toBe(200);
    expect(body.type).toBe('FeatureCollection');
    expect(body.truncated).toBe(false);
    expect(body.features.map((f) => f.properties.visitId)).toEqual([visitB, visitA]);
    const a = body.features[1]!;
    expect(a.geometry).toEqual({ type: 'Point', coordinates: [HERE.longitude, HERE.latitude] });
    expect(a.properties).toMatchObject({
      applicationId: seenByAll.id,
      applicationNumber: seenByAll.applicationNumber,
      kind: 'New',
      declined: false,
      officerEmail: agents.get('BADC')!.email,
      decision: 'inspect',
      accuracyM: 12,
      photoCount: 0,
      complete: true,
    });
    expect(Date.parse(a.properties.visitedAt)).toBe(ctx.clock.now.getTime() - 120 * 60_000);
  });

  it('shows the Chairman and the UNO the visits of the applications they may read, and only those', async () => {
    const ids = async (role: StaffRole) =>
      (await get<VisitCollection>(`/api/staff/map/visits?bbox=${BOX}`, role)).body.features.map(
        (f) => f.properties.visitId,
      );
    expect(await ids('Chairman')).toEqual([visitA]);
    expect(await ids('UNO')).toEqual([visitB, visitA]);
  });

  it('refuses Pollibidut, the Admin and strangers', async () => {
    for (const role of ['Pollibidut', 'Admin'] as const) {
      const { status, body } = await get(`/api/staff/map/visits?bbox=${BOX}`, role);
      expect(status, role).toBe(403);
      expect(body.error?.code, role).toBe('FORBIDDEN');
    }
    expect((await get(`/api/staff/map/visits?bbox=${BOX}`, null)).body.error?.code).toBe('ACCOUNT_NO_ROLE');
    expect((await get(`/api/staff/map/visits?bbox=${BOX}`, undefined)).status).toBe(401);
  });

  it('refuses a bad box with 400 and the Bangla message', async () => {
    for (const bad of ['', '?bbox=88.3,24.7,88.2,24.75', '?bbox=a,b,c,d']) {
      const { status, body } = await get(`/api/staff/map/visits${bad}`, 'BADC');
      expect(status, bad).toBe(400);
      expect(body.error?.fields?.bbox, bad).toBe(translate('bn', 'map.v.bbox'));
    }
  });

  it('answers the newest visits and says so when the box holds more than its limit', async () => {
    const answer = await visitsInBox(ctx.db, { bbox: [88.2, 24.7, 88.25, 24.75] }, { role: 'BADC', limit: 1 });
    expect(answer.truncated).toBe(true);
    expect(answer.features.map((f) => f.properties.visitId)).toEqual([visitB]);
  });

  it('leaves out the visits of a deleted application', async () => {
    await ctx.db
      .updateTable('applications')
      .set({ deleted_at: ctx.clock.now, delete_reason: 'ভুল করে দুবার জমা' })
      .where('id', '=', notSeenByChairman.id)
      .execute();
    const { body } = await get<VisitCollection>(`/api/staff/map/visits?bbox=${BOX}`, 'BADC');
    expect(body.features.map((f) => f.properties.visitId)).toEqual([visitA]);
  });
});
