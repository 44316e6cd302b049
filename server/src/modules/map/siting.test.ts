import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITING_RADIUS_M, type LatLng, type ProblemBody, type SitingCheck, type StaffRole } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { act, checklist } from '../requests/request-fixtures.js';
import { sendComplete, requiredFiles, submission } from '../applications/intake-fixtures.js';
import { saveAmendedFields, submitAmendment } from '../citizen/amendment.service.js';
import { eastOf, insertWell, northOf, type WellSeed } from './map-fixtures.js';

/**
 * The siting check beside BADC's checklist (docs/decisions/028-map-and-siting.md; spec 3 §9: a
 * 1.0-cusec well commands 175 m around it): the licensed wells near an application's well, nearest
 * first, inside or overlapping their command areas.
 */
let ctx: TestContext;
const agents = new Map<StaffRole, StaffAgent>();

const LICENSED: LatLng = { latitude: 23.5, longitude: 89.5 };
const AT_BADC: Omit<WellSeed, 'at'> = {
  stage: 'StepThree',
  seen: { chairman: true, uno: true, badc: true },
  wellSize: '1.0',
};
let licensed: Awaited<ReturnType<typeof insertWell>>;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ['BADC', 'UNO', 'Chairman', 'Admin'] as const) agents.set(role, await signInAs(ctx, role));
  // One licensed 1.0-cusec well (175 m), an unlicensed request 50 m from it, and a licensed well past the
  // siting radius to the south.
  licensed = await insertWell(ctx, { at: LICENSED, wellSize: '1.0', licence: 'active' });
  await insertWell(ctx, { ...AT_BADC, at: eastOf(LICENSED, 50) });
  await insertWell(ctx, { at: northOf(LICENSED, -(SITING_RADIUS_M + 100)), licence: 'active' });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function siting(id: string, role: StaffRole = 'BADC') {
  const res = await ctx.request(`/api/staff/applications/${id}/siting`, { agent: agents.get(role) });
  return { status: res.status, body: (await res.json()) as SitingCheck & ProblemBody };
}

describe('GET /api/staff/applications/{id}/siting', () => {
  it('a well 100 m from a licensed 1.0-cusec well stands inside its command area', async () => {
    const app = await insertWell(ctx, { ...AT_BADC, at: northOf(LICENSED, 100) });
    const { status, body } = await siting(app.id);
    expect(status).toBe(200);
    expect(body.radiusM).toBe(175);
    expect(body.nearest).toHaveLength(1);
    expect(body.nearest[0]).toMatchObject({
      applicationId: licensed.id,
      licenceNumber: licensed.licenceNumber,
      state: 'active',
      distanceM: 100,
      radiusM: 175,
      inside: true,
      overlaps: true,
    });
  });

  it('at 300 m the two command areas overlap (175 + 175 m) but the well is not inside', async () => {
    const app = await insertWell(ctx, { ...AT_BADC, at: northOf(LICENSED, 300) });
    const [well] = (await siting(app.id)).body.nearest;
    expect(well).toMatchObject({ distanceM: 300, inside: false, overlaps: true });
  });

  it('at 600 m it is listed with neither warning', async () => {
    const app = await insertWell(ctx, { ...AT_BADC, at: northOf(LICENSED, 600) });
    const [well] = (await siting(app.id)).body.nearest;
    expect(well).toMatchObject({ distanceM: 600, inside: false, overlaps: false });
  });

  it('lists licensed wells nearest first, of every licence status, and leaves out requests and the well itself', async () => {
    const at = northOf(LICENSED, 1000);
    const near = await insertWell(ctx, { at: eastOf(at, 400), licence: 'suspended' });
    const nearer = await insertWell(ctx, { at: eastOf(at, 250), licence: 'testing' });
    const expired = await insertWell(ctx, { at: eastOf(at, -700), licence: 'expired' });
    await insertWell(ctx, { ...AT_BADC, at: eastOf(at, 10) });
    // Inside the index's box, but 2,121 m away on the diagonal: past SITING_RADIUS_M.
    await insertWell(ctx, { at: eastOf(northOf(at, 1500), 1500), licence: 'active' });
    const app = await insertWell(ctx, { ...AT_BADC, at });
    const { body } = await siting(app.id);
    expect(body.nearest.map((w) => [w.applicationId, w.state, w.distanceM])).toEqual([
      [nearer.id, 'testing', 250],
      [near.id, 'suspended', 400],
      [expired.id, 'expired', 700],
      [licensed.id, 'active', 1000],
    ]);
    // The licensed well's own check does not list itself.
    const own = await siting(licensed.id);
    expect(own.body.nearest.map((w) => w.applicationId)).not.toContain(licensed.id);
    expect(own.body.position).toEqual(LICENSED);
  });

  it('answers no position and an empty list for an application without one', async () => {
    const app = await insertWell(ctx, { ...AT_BADC, at: null, wellSize: '0.5' });
    const { status, body } = await siting(app.id);
    expect(status).toBe(200);
    expect(body).toEqual({ position: null, radiusM: 125, nearest: [] });
  });

  it('goes by the position BADC recorded, over the applicant’s, also after the applicant amends it', async () => {
    // Sent through the real intake: the applicant's position lands in the columns.
    const files = requiredFiles(7);
    const typed = northOf(LICENSED, 600);
    const body = submission(files, {
      fields: { latitude: String(typed.latitude), longitude: String(typed.longitude) },
    });
    const { id } = await sendComplete(ctx, 'New', body, files);
    await ctx.db
      .updateTable('applications')
      .set({ stage: 'StepThree', seen_chairman: true, seen_uno: true })
      .where('id', '=', id)
      .execute();
    expect((await siting(id)).body.position?.latitude).toBeCloseTo(typed.latitude, 9);
    expect((await siting(id)).body.nearest[0]).toMatchObject({ inside: false, overlaps: false });

    // BADC's visit finds the well 100 m from the licensed one.
    const found = northOf(LICENSED, 100);
    const badc = agents.get('BADC')!;
    const inspected = await act(ctx, badc, id, {
      action: 'inspect',
      payload: { checklist: checklist(), latitude: found.latitude, longitude: found.longitude },
    });
    expect(inspected.status).toBe(200);
    const after = (await siting(id)).body;
    expect(after.position).toEqual(found);
    expect(after.nearest[0]).toMatchObject({ distanceM: 100, inside: true });

    // BADC asks for a recheck; the applicant types another position: the officer's finding stands.
    const recheck = await act(ctx, badc, id, {
      action: 'requestRecheck',
      payload: { on: true, message: 'জমির দলিল আবার দিন' },
    });
    expect(recheck.status).toBe(200);
    const moved = northOf(LICENSED, 900);
    const stored = await ctx.db
      .selectFrom('applications')
      .select('fields')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await saveAmendedFields(ctx.deps, id, { ...stored.fields, latitude: moved.latitude, longitude: moved.longitude });
    const amended = await ctx.db
      .selectFrom('applications')
      .select('fields')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(amended.fields.latitude).toBe(moved.latitude);
    expect((await siting(id)).body.position).toEqual(found);

    // Back at BADC, found approvable, the final stage's map correction replaces BADC's own earlier one.
    await submitAmendment(ctx.deps, id);
    expect((await act(ctx, badc, id, { action: 'decideFirst', payload: { approvable: true } })).status).toBe(200);
    const corrected = northOf(LICENSED, 300);
    const update = await act(ctx, badc, id, {
      action: 'updateFinal',
      payload: { latitude: corrected.latitude, longitude: corrected.longitude },
    });
    expect(update.status).toBe(200);
    const final = (await siting(id)).body;
    expect(final.position).toEqual(corrected);
    expect(final.nearest[0]).toMatchObject({ distanceM: 300, inside: false, overlaps: true });
  });

  it('is BADC’s, for any application of the register; others are refused, an unknown id is 404', async () => {
    // BADC reads every application through the register (docs/decisions/037), the Chairman's too.
    const atChairman = await insertWell(ctx, { at: northOf(LICENSED, 100), stage: 'StepOne' });
    expect((await siting(atChairman.id)).status).toBe(200);
    const atBadc = await insertWell(ctx, { ...AT_BADC, at: northOf(LICENSED, 100) });
    for (const role of ['UNO', 'Chairman', 'Admin'] as const)
      expect((await siting(atBadc.id, role)).body.error?.code, role).toBe('FORBIDDEN');
    const anonymous = await ctx.request(`/api/staff/applications/${atBadc.id}/siting`);
    expect(anonymous.status).toBe(401);
    const unknown = await siting('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });
});
