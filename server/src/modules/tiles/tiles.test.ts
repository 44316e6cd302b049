import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bn, type PublicSettings, type TilesInfo } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { writePmtiles, type WriterTile } from './pmtiles-writer.js';
import { TILES_FOLDER } from './tile-archive.js';
import { FileRangeSource } from './file-source.js';

/**
 * The portal's own map tiles (docs/decisions/033-tile-archive.md): a PMTiles archive in
 * DATA_DIR/tiles/ is served at /tiles/{z}/{x}/{y}.png, and tiles-info tells a field pack whether it
 * may copy the map. The archive is built here, with real PNG tiles, in a data folder of the test's own.
 */

/** The slippy-map tile holding a place (Web Mercator). */
function tileAt(lat: number, lon: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 256, height: 256, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

const SHIBGANJ = { lat: 24.68, lon: 88.16 };
const BOUNDS: [number, number, number, number] = [88.05, 24.58, 88.27, 24.78];
const z12 = tileAt(SHIBGANJ.lat, SHIBGANJ.lon, 12);

let tiles: WriterTile[];
let withArchive: TestContext;
let bare: TestContext;
let admin: StaffAgent;
let bareAdmin: StaffAgent;

function dataDirWith(archive?: Buffer, name = 'shibganj.pmtiles'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tiles-'));
  if (archive) {
    fs.mkdirSync(path.join(dir, TILES_FOLDER));
    fs.writeFileSync(path.join(dir, TILES_FOLDER, name), archive);
  }
  return dir;
}
const dirs: string[] = [];

beforeAll(async () => {
  tiles = [
    { ...tileAt(SHIBGANJ.lat, SHIBGANJ.lon, 10), data: await png(200, 230, 200) },
    { ...tileAt(SHIBGANJ.lat, SHIBGANJ.lon, 11), data: await png(180, 210, 240) },
    { ...z12, data: await png(240, 220, 160) },
    { z: 12, x: z12.x + 1, y: z12.y, data: await png(230, 180, 180) },
  ];
  const archive = writePmtiles(tiles, {
    tileType: 'png',
    bounds: BOUNDS,
    metadata: {
      name: 'Shibganj',
      attribution: '<a href="https://www.openstreetmap.org/copyright">&copy; OpenStreetMap</a> contributors',
    },
  });
  dirs.push(dataDirWith(archive), dataDirWith());
  withArchive = await createTestContext({ dataDir: dirs[0] });
  bare = await createTestContext({ dataDir: dirs[1] });
  admin = await signInAs(withArchive, 'Admin');
  bareAdmin = await signInAs(bare, 'Admin');
}, 120_000);

afterAll(async () => {
  await withArchive?.close();
  await bare?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const info = async (ctx: TestContext) => {
  const res = await ctx.request('/api/public/map/tiles-info');
  expect(res.status).toBe(200);
  return { body: (await res.json()) as TilesInfo, cacheControl: res.headers.get('cache-control') };
};
const publicSettings = async (ctx: TestContext) =>
  (await (await ctx.request('/api/public/settings')).json()) as PublicSettings;
const setTiles = async (ctx: TestContext, agent: StaffAgent, json: Record<string, unknown>) =>
  expect((await ctx.request('/api/admin/settings', { method: 'PUT', json, agent })).status).toBe(200);

describe('map tiles from the archive in the data folder', () => {
  it('serves each tile byte for byte as a PNG, cached for a week with an ETag that revalidates, under the security headers', async () => {
    for (const t of tiles) {
      const res = await withArchive.request(`/tiles/${t.z}/${t.x}/${t.y}.png`);
      expect(res.status, `${t.z}/${t.x}/${t.y}`).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(t.data))).toBe(true);
    }
    const res = await withArchive.request(`/tiles/12/${z12.x}/${z12.y}.png`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=604800');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    // Another tile has another tag; the same tile asked again with its tag is not sent again.
    const other = await withArchive.request(`/tiles/12/${z12.x + 1}/${z12.y}.png`);
    expect(other.headers.get('etag')).not.toBe(etag);
    const again = await withArchive.request(`/tiles/12/${z12.x}/${z12.y}.png`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers a plain 404 for a tile the archive does not hold: another place, a zoom it lacks, another picture type', async () => {
    for (const url of [
      `/tiles/12/${z12.x + 2}/${z12.y}.png`,
      `/tiles/13/${z12.x * 2}/${z12.y * 2}.png`,
      '/tiles/0/0/0.png',
      `/tiles/12/${z12.x}/${z12.y}.jpg`,
      `/tiles/12/${z12.x}/${z12.y}.webp`,
    ]) {
      const res = await withArchive.request(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/plain/);
      expect(await res.text(), url).toContain(bn['tiles.notFound']);
    }
  });

  it('answers 400 for an address that names no tile, and never the app page', async () => {
    for (const url of [
      '/tiles/abc/1/2.png',
      '/tiles/3/8/1.png', // x past 2^3 - 1
      '/tiles/3/1/8.png',
      '/tiles/27/0/0.png',
      '/tiles/-1/0/0.png',
      '/tiles/3/1/1.gif',
      '/tiles/3/1',
      '/tiles/3/1/1.5.png',
      '/tiles/',
    ]) {
      const res = await withArchive.request(url);
      expect(res.status, url).toBe(400);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/plain/);
      expect(await res.text(), url).toContain(bn['tiles.badAddress']);
    }
  });

  it('tells a field pack the archive is packable, with its address, zooms, bounds and credit as plain text', async () => {
    const { body, cacheControl } = await info(withArchive);
    expect(body).toMatchObject({
      packable: true,
      url: '/tiles/{z}/{x}/{y}.png',
      minZoom: 10,
      maxZoom: 12,
      attribution: '© OpenStreetMap contributors',
    });
    body.bounds!.forEach((v, i) => expect(v).toBeCloseTo(BOUNDS[i]!, 6));
    expect(cacheControl).toBe('public, max-age=300');
  });

  it('makes every map browse the archive while the Admin keeps the default tile address, and the Admin’s own address when set', async () => {
    // With its deepest level, so that no map asks for a level the archive does not hold.
    expect((await publicSettings(withArchive)).mapTileArchive).toEqual({
      url: '/tiles/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 12,
    });
    // Another host the Admin has not marked: the maps browse it, and a field pack may not copy it.
    await setTiles(withArchive, admin, { mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' });
    expect((await publicSettings(withArchive)).mapTileArchive).toBeNull();
    expect((await info(withArchive)).body).toMatchObject({ packable: false, url: null, bounds: null });
    // Marked as allowing offline copies: packable, at the address the maps browse.
    await setTiles(withArchive, admin, { mapTilesPackable: true });
    expect((await info(withArchive)).body).toMatchObject({
      packable: true,
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
    });
    // The archive's own path typed in by the Admin: its zooms and bounds again.
    await setTiles(withArchive, admin, { mapTileUrl: '/tiles/{z}/{x}/{y}.png', mapTilesPackable: false });
    expect((await info(withArchive)).body).toMatchObject({ packable: true, minZoom: 10, maxZoom: 12 });
    await setTiles(withArchive, admin, { mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
    expect((await info(withArchive)).body.url).toBe('/tiles/{z}/{x}/{y}.png');
  });
});

describe('map tiles with no archive', () => {
  it('with the default settings: nothing to pack, the maps browse OpenStreetMap, and tile addresses answer 404', async () => {
    expect((await info(bare)).body).toEqual({
      packable: false,
      url: null,
      minZoom: 0,
      maxZoom: 19,
      bounds: null,
      attribution: '© OpenStreetMap contributors',
    });
    expect((await publicSettings(bare)).mapTileArchive).toBeNull();
    expect((await bare.request(`/tiles/12/${z12.x}/${z12.y}.png`)).status).toBe(404);
  });

  it('the OpenStreetMap server stays unpackable even when the Admin ticks that it allows copies', async () => {
    await setTiles(bare, bareAdmin, { mapTilesPackable: true });
    expect((await info(bare)).body).toMatchObject({ packable: false, url: null });
    await setTiles(bare, bareAdmin, { mapTilesPackable: false });
  });

  it('with the Admin’s address on this site (the office’s own tile server behind the portal): packable', async () => {
    await setTiles(bare, bareAdmin, { mapTileUrl: '/osm/{z}/{x}/{y}.png', mapTileAttribution: '© উপজেলা অফিস' });
    expect((await info(bare)).body).toMatchObject({
      packable: true,
      url: '/osm/{z}/{x}/{y}.png',
      bounds: null,
      attribution: '© উপজেলা অফিস',
    });
    await setTiles(bare, bareAdmin, { mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
  });
});

describe('reading the archive', () => {
  it('reads only the byte range asked for, and less at the end of the file', async () => {
    const dir = dataDirWith();
    dirs.push(dir);
    const file = path.join(dir, 'bytes.bin');
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    fs.writeFileSync(file, bytes);
    const source = new FileRangeSource(file);
    try {
      expect(Buffer.from((await source.getBytes(1000, 300)).data).equals(bytes.subarray(1000, 1300))).toBe(true);
      expect(Buffer.from((await source.getBytes(4900, 16_384)).data).equals(bytes.subarray(4900))).toBe(true);
    } finally {
      await source.close();
    }
  });
});

describe('a file in the tiles folder that is not a picture archive', () => {
  it('is not served, and the portal answers as if there were no archive', async () => {
    const garbage = dataDirWith(Buffer.from('not a tile archive, just some text '.repeat(100)), 'broken.pmtiles');
    const vectorArchive = writePmtiles(tiles, { tileType: 'png' });
    vectorArchive[99] = 1; // the header's tile type: 1 = vector tiles, which no map here draws
    const vector = dataDirWith(vectorArchive, 'vector.pmtiles');
    dirs.push(garbage, vector);
    for (const dataDir of [garbage, vector]) {
      const ctx = await createTestContext({ dataDir });
      try {
        expect((await info(ctx)).body).toMatchObject({ packable: false, url: null });
        expect((await ctx.request(`/tiles/12/${z12.x}/${z12.y}.png`)).status).toBe(404);
      } finally {
        await ctx.close();
      }
    }
  });
});
