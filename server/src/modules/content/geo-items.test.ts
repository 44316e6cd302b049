import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bn, type ContentImage, type ProblemBody } from '@portal/shared';
import type { AdminContentImage } from '@portal/shared/schemas/geo-items';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';

/**
 * A GEO database item's place (docs/decisions/034-geo-database-map.md): typed or picked with the
 * upload, else read from the photo's GPS EXIF before the metadata goes; changed or cleared by the
 * Admin afterwards (audited); shown to every visitor as latitude and longitude, nothing more.
 */
let ctx: TestContext;
let admin: StaffAgent;
let badc: StaffAgent;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
  badc = await signInAs(ctx, 'BADC');
});
afterAll(() => ctx.close());

/** Kansat, Shibganj: 24°41'3" N, 88°9'7" E. */
const KANSAT = { latitude: 24 + 41 / 60 + 3 / 3600, longitude: 88 + 9 / 60 + 7 / 3600 };

/** A phone photo of a field, with (or without) the GPS position where it was taken. */
async function fieldPhoto(
  format: 'jpeg' | 'webp',
  gps: { lat: string; latRef: 'N' | 'S'; lng: string; lngRef: 'E' | 'W' } | null = {
    lat: '24/1 41/1 3/1',
    latRef: 'N',
    lng: '88/1 9/1 7/1',
    lngRef: 'E',
  },
): Promise<Uint8Array> {
  let image = sharp({ create: { width: 320, height: 240, channels: 3, background: '#5d8a3a' } })[format]();
  if (gps) {
    image = image.withExif({
      IFD0: { Make: 'Samsung', Model: 'SM-A135F' },
      IFD3: {
        GPSLatitudeRef: gps.latRef,
        GPSLatitude: gps.lat,
        GPSLongitudeRef: gps.lngRef,
        GPSLongitude: gps.lng,
      },
    });
  }
  const buf = await image.toBuffer();
  // The photo really carries its GPS block.
  if (gps) expect((await sharp(buf).metadata()).exif?.includes(Buffer.from('SM-A135F'))).toBe(true);
  return new Uint8Array(buf);
}

function upload(query: string, bytes: Uint8Array, gallery = 'geo') {
  return ctx.request(`/api/admin/galleries/${gallery}${query}`, {
    method: 'POST',
    agent: admin,
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': 'application/octet-stream' },
  });
}
const problem = async (res: Response) => ((await res.json()) as ProblemBody).error;
const publicList = async () => (await (await ctx.request('/api/public/galleries/geo')).json()) as ContentImage[];
const setPosition = (id: string, json: unknown, agent: StaffAgent = admin) =>
  ctx.request(`/api/admin/images/${id}/position`, { method: 'PATCH', json, agent });

describe('the place of a GEO item at upload', () => {
  it('keeps a typed place (Bangla digits too), and it wins over the photo’s GPS', async () => {
    const res = await upload('?latitude=২৪.৭১২৩&longitude=88.2051', await fieldPhoto('jpeg'));
    expect(res.status).toBe(201);
    const image = (await res.json()) as AdminContentImage;
    expect(image).toMatchObject({ latitude: 24.7123, longitude: 88.2051, positionSource: 'typed' });
    expect((await publicList()).find((i) => i.id === image.id)).toMatchObject({
      latitude: 24.7123,
      longitude: 88.2051,
    });
  });

  for (const format of ['jpeg', 'webp'] as const) {
    it(`reads the place from a ${format} photo's GPS when none is typed, and stores the photo without it`, async () => {
      const res = await upload('', await fieldPhoto(format));
      expect(res.status).toBe(201);
      const image = (await res.json()) as AdminContentImage;
      expect(image.positionSource).toBe('exif');
      expect(image.latitude).toBeCloseTo(KANSAT.latitude, 6);
      expect(image.longitude).toBeCloseTo(KANSAT.longitude, 6);

      for (const size of ['full', 'phone', 'thumb'] as const) {
        const served = await ctx.request(`/api/public/images/${image.id}?size=${size}`);
        expect(served.status).toBe(200);
        const bytes = Buffer.from(await served.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta.exif, `${format} ${size}`).toBeUndefined();
        expect(meta.xmp, `${format} ${size}`).toBeUndefined();
        expect(bytes.includes(Buffer.from('SM-A135F')), `${format} ${size}`).toBe(false);
      }
    });
  }

  it('stores a photo without GPS, or with GPS outside Bangladesh, with no place', async () => {
    const london = await fieldPhoto('jpeg', { lat: '51/1 30/1 0/1', latRef: 'N', lng: '0/1 7/1 0/1', lngRef: 'W' });
    for (const bytes of [await fieldPhoto('jpeg', null), london]) {
      const res = await upload('', bytes);
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ latitude: null, longitude: null, positionSource: null });
    }
  });

  it('refuses a typed place outside Bangladesh with a Bangla message (422), and stores nothing', async () => {
    const before = (await publicList()).length;
    // Latitude and longitude swapped: a place in the Indian Ocean.
    const res = await upload('?latitude=88.2051&longitude=24.7123', await fieldPhoto('jpeg'));
    expect(res.status).toBe(422);
    const error = await problem(res);
    expect(error.code).toBe('GEO_OUTSIDE_BANGLADESH');
    expect(error.message).toBe(bn['problem.GEO_OUTSIDE_BANGLADESH']);
    expect(error.fields?.latitude).toBe(bn['problem.GEO_OUTSIDE_BANGLADESH']);
    expect((await publicList()).length).toBe(before);
  });

  it('refuses half a place, a coordinate that is not a number, and a place on a slider picture (400)', async () => {
    const photo = await fieldPhoto('jpeg', null);
    const half = await upload('?latitude=24.7', photo);
    expect(half.status).toBe(400);
    expect((await problem(half)).fields?.latitude).toBe(bn['geoItems.v.bothOrNone']);
    const words = await upload('?latitude=north&longitude=88.2', photo);
    expect(words.status).toBe(400);
    expect((await problem(words)).fields?.latitude).toBe(bn['v.latitude']);
    const slider = await upload('?latitude=24.7&longitude=88.2', photo, 'slider');
    expect(slider.status).toBe(400);
    expect((await problem(slider)).fields?.latitude).toBe(bn['geoItems.v.onlyGeo']);
  });

  it('never reads a place for the slider or the photo gallery, whose photos still lose their GPS', async () => {
    const res = await upload('', await fieldPhoto('jpeg'), 'gallery');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ latitude: null, longitude: null, positionSource: null });
  });
});

describe('changing the place of a GEO item', () => {
  it('lets the Admin set, replace and clear it, each change audited once', async () => {
    const image = (await (await upload('', await fieldPhoto('jpeg'))).json()) as AdminContentImage;
    expect(image.positionSource).toBe('exif');

    const set = await setPosition(image.id, { latitude: '২৪.৬৯৩০', longitude: 88.166 });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({
      id: image.id,
      latitude: 24.693,
      longitude: 88.166,
      positionSource: 'typed',
    });
    // The same place again changes nothing and is not audited again.
    expect((await setPosition(image.id, { latitude: 24.693, longitude: 88.166 })).status).toBe(200);
    expect((await publicList()).find((i) => i.id === image.id)).toMatchObject({ latitude: 24.693, longitude: 88.166 });

    const cleared = await setPosition(image.id, { latitude: null, longitude: null });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ latitude: null, longitude: null, positionSource: null });
    expect((await publicList()).find((i) => i.id === image.id)).toMatchObject({ latitude: null, longitude: null });

    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['application_id', 'actor_label', 'action', 'details'])
      .where('action', 'like', 'geo-item-position%')
      .orderBy('id')
      .execute();
    const details = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d) as Record<string, unknown>;
    const mine = rows.filter((r) => details(r.details).geoItemId === image.id);
    expect(mine.map((r) => r.action)).toEqual(['geo-item-position', 'geo-item-position-cleared']);
    expect(mine.every((r) => r.application_id === null && r.actor_label === admin.email)).toBe(true);
    expect(details(mine[0]!.details)).toMatchObject({
      before: { source: 'exif' },
      after: { latitude: 24.693, longitude: 88.166, source: 'typed' },
    });
    expect(details(mine[1]!.details)).toMatchObject({ after: null });
  });

  it('refuses a place outside Bangladesh (422), half a place (400), a slider picture and a missing one (404)', async () => {
    const image = (await (
      await upload('?latitude=24.7&longitude=88.2', await fieldPhoto('jpeg', null))
    ).json()) as AdminContentImage;
    const outside = await setPosition(image.id, { latitude: 23.8, longitude: 95 });
    expect(outside.status).toBe(422);
    expect((await problem(outside)).message).toBe(bn['problem.GEO_OUTSIDE_BANGLADESH']);
    const half = await setPosition(image.id, { latitude: 24.7, longitude: null });
    expect(half.status).toBe(400);
    expect((await publicList()).find((i) => i.id === image.id)).toMatchObject({ latitude: 24.7, longitude: 88.2 });

    const slider = (await (await upload('', await fieldPhoto('jpeg', null), 'slider')).json()) as AdminContentImage;
    expect((await setPosition(slider.id, { latitude: 24.7, longitude: 88.2 })).status).toBe(404);
    expect(
      (await setPosition('00000000-0000-4000-8000-000000000000', { latitude: 24.7, longitude: 88.2 })).status,
    ).toBe(404);
    expect((await setPosition('not-a-uuid', { latitude: 24.7, longitude: 88.2 })).status).toBe(404);
  });

  it('is the Admin’s alone: BADC gets 403 and the place stays', async () => {
    const image = (await (
      await upload('?latitude=24.7&longitude=88.2', await fieldPhoto('jpeg', null))
    ).json()) as AdminContentImage;
    const res = await setPosition(image.id, { latitude: null, longitude: null }, badc);
    expect(res.status).toBe(403);
    expect((await problem(res)).code).toBe('FORBIDDEN');
    expect((await publicList()).find((i) => i.id === image.id)).toMatchObject({ latitude: 24.7, longitude: 88.2 });
  });
});

describe('the public list', () => {
  it('carries each item’s latitude and longitude and nothing of where they came from', async () => {
    await upload('?latitude=24.75&longitude=88.25', await fieldPhoto('jpeg', null));
    const list = await publicList();
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual([
        'createdAt',
        'gallery',
        'height',
        'id',
        'latitude',
        'longitude',
        'width',
      ]);
    }
    expect(list.find((i) => i.latitude === 24.75)).toMatchObject({ longitude: 88.25 });
  });
});
