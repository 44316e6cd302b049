// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldDb } from './db';
import { fetchTilesInfo, planPacks, runPrepare, resumePlan, TYPICAL_TILE_BYTES, type PrepareProgress } from './prepare';
import { releasePack } from './store';
import { tileUrl } from './tileMath';
import { addApplication, clearFieldDb, detailOf, fakePortal, fetchOf, fileOf, type FakePortal } from './test/portal';

/**
 * Preparing, resuming and releasing field packs against a stand-in of the portal
 * (docs/decisions/031-field-pack.md). IndexedDB is fake-indexeddb, as in the outbox tests.
 */
const ctx = { officerId: 7, detailRoute: 'b-unseen-view', retryDelays: [0, 0] };
// Two wells 400 m apart in Savar: their 1 km maps overlap.
const A = { latitude: '23.850000', longitude: '90.260000' };
const B = { latitude: '23.853600', longitude: '90.260000' };
let portal: FakePortal;

beforeEach(async () => {
  await clearFieldDb();
  portal = fakePortal();
  vi.stubGlobal('fetch', fetchOf(portal));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function application(id: string, number: number, position: typeof A | null, sizes: number[]) {
  const files = sizes.map((s, i) => fileOf(i === 0 ? 'photo' : 'nid', s));
  const detail = await detailOf(id, number, position, files);
  await addApplication(portal, detail, files);
  return detail;
}

describe('prepare', () => {
  it('keeps the detail, every document and the map around the well, and reports progress up to the total', async () => {
    const d = await application('app-1', 11, A, [1200, 800]);
    const plan = planPacks([d], await fetchTilesInfo());
    expect(plan.documentBytes).toBe(2000);
    expect(plan.tiles).toBe('ok');
    expect([plan.minZoom, plan.maxZoom]).toEqual([13, 17]);
    expect(plan.tileCount).toBeGreaterThan(50);
    expect(plan.tileBytesEstimate).toBe(plan.tileCount * TYPICAL_TILE_BYTES);

    const seen: PrepareProgress[] = [];
    const result = await runPrepare(plan, { ...ctx, onProgress: (p) => seen.push(p) });

    const last = seen.at(-1)!;
    expect(last.done).toBe(last.total);
    expect(last.total).toBe(1 + 2 + plan.tileCount);
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
    expect(result.bytes).toBe(2000 + plan.tileCount * 300);

    const pack = await fieldDb.packs.get('app-1');
    expect(pack).toMatchObject({ status: 'ready', officerId: 7, documents: 2, tiles: plan.tileCount });
    expect(pack!.bytes).toBeGreaterThan(2000 + plan.tileCount * 300);
    expect((await fieldDb.details.get('app-1'))?.detail.applicationNumber).toBe(11);
    const photo = await fieldDb.documents.get(['app-1', 'photo']);
    expect(photo).toMatchObject({ fileId: d.files[0]!.id, size: 1200, mime: 'image/jpeg' });
    expect(new Uint8Array(await photo!.blob.arrayBuffer())).toHaveLength(1200);
    expect(await fieldDb.tiles.count()).toBe(plan.tileCount);
    // Documents and tiles were fetched, each once.
    expect(portal.requests.filter((r) => r.startsWith('/api/files/'))).toHaveLength(2);
    expect(portal.requests.filter((r) => r.startsWith('/tiles/'))).toHaveLength(plan.tileCount);
  });

  it('a second pack sharing tiles reuses them, and releasing the first keeps the tiles the second holds', async () => {
    const a = await application('app-a', 1, A, [500]);
    const b = await application('app-b', 2, B, [500]);
    const info = await fetchTilesInfo();
    const planA = planPacks([a], info);
    await runPrepare(planA, ctx);
    const before = portal.requests.filter((r) => r.startsWith('/tiles/')).length;
    const planB = planPacks([b], info);
    await runPrepare(planB, ctx);
    const fetchedForB = portal.requests.filter((r) => r.startsWith('/tiles/')).length - before;
    const keysA = new Set(planA.items[0]!.tiles.map((t) => `${t.z}/${t.x}/${t.y}`));
    const shared = planB.items[0]!.tiles.filter((t) => keysA.has(`${t.z}/${t.x}/${t.y}`));
    expect(shared.length).toBeGreaterThan(0);
    expect(fetchedForB).toBe(planB.tileCount - shared.length);

    await releasePack('app-a');
    expect(await fieldDb.packs.get('app-a')).toBeUndefined();
    expect(await fieldDb.documents.where('applicationId').equals('app-a').count()).toBe(0);
    expect(await fieldDb.details.get('app-a')).toBeUndefined();
    // Every tile B holds is still here; A's own tiles are gone.
    expect(await fieldDb.tiles.count()).toBe(planB.tileCount);
    for (const t of shared)
      expect(await fieldDb.tiles.get(`${'/tiles/{z}/{x}/{y}.png'}|${t.z}/${t.x}/${t.y}`)).toBeDefined();
    expect((await fieldDb.packs.get('app-b'))?.status).toBe('ready');
  });

  it('a pack cut off halfway stays "preparing" and continues without fetching again what arrived', async () => {
    const d = await application('app-r', 5, A, [700, 700]);
    const plan = planPacks([d], await fetchTilesInfo());
    // The signal goes after the documents, while the tiles come.
    portal.offlineFrom = '/tiles/';
    await expect(runPrepare(plan, ctx)).rejects.toThrow();
    expect((await fieldDb.packs.get('app-r'))?.status).toBe('preparing');
    expect(await fieldDb.documents.count()).toBe(2);
    // Three attempts of the first tile, then it stopped.
    expect(portal.requests.filter((r) => r.startsWith('/tiles/'))).toHaveLength(3);

    portal.offlineFrom = null;
    portal.requests.length = 0;
    const resumed = await resumePlan(['app-r']);
    expect(resumed?.detailRoute).toBe('b-unseen-view');
    await runPrepare(resumed!.plan, ctx);
    expect((await fieldDb.packs.get('app-r'))?.status).toBe('ready');
    expect(portal.requests.filter((r) => r.startsWith('/api/files/'))).toHaveLength(0);
    expect(portal.requests.filter((r) => r.startsWith('/tiles/'))).toHaveLength(plan.tileCount);
  });

  it('keeps under the byte cap: lowers the zoom, then leaves the map out, then refuses', async () => {
    const d = await application('app-c', 9, A, [1000]);
    const info = await fetchTilesInfo();
    const full = planPacks([d], info);
    const base = full.detailBytes + full.documentBytes;

    const cut = planPacks([d], info, base + (full.tileCount - 1) * TYPICAL_TILE_BYTES);
    expect(cut.tiles).toBe('cut');
    expect(cut.maxZoom).toBeLessThan(17);
    expect(cut.totalEstimate).toBeLessThanOrEqual(cut.cap);
    expect(cut.refused).toBe(false);

    const dropped = planPacks([d], info, base + 1);
    expect(dropped.tiles).toBe('dropped');
    expect(dropped.tileCount).toBe(0);

    const refused = planPacks([d], info, base - 1);
    expect(refused.refused).toBe(true);
  });

  it('stops fetching tiles once the real bytes reach the cap, and says so', async () => {
    const d = await application('app-k', 4, A, [100]);
    const plan = planPacks([d], await fetchTilesInfo());
    // The tiles turn out far bigger than estimated.
    portal.tileBytes = 5 * TYPICAL_TILE_BYTES;
    const capped = { ...plan, cap: plan.detailBytes + plan.documentBytes + 10 * TYPICAL_TILE_BYTES };
    const result = await runPrepare(capped, ctx);
    expect(result.capReached).toBe(true);
    expect(portal.requests.filter((r) => r.startsWith('/tiles/')).length).toBeLessThanOrEqual(2);
    expect((await fieldDb.packs.get('app-k'))?.status).toBe('ready');
  });

  it('plans no tiles when the source does not allow copies', async () => {
    portal.tilesInfo = { packable: false, url: null, minZoom: 0, maxZoom: 19, bounds: null, attribution: '' };
    expect(await fetchTilesInfo()).toBeNull();
    portal.tilesInfo = 'fail';
    const d = await application('app-n', 3, A, [100]);
    const plan = planPacks([d], await fetchTilesInfo());
    expect(plan.tiles).toBe('noSource');
    expect(plan.tileCount).toBe(0);
    expect(tileUrl('/t/{z}/{x}/{y}.png', { z: 1, x: 2, y: 3 })).toBe('/t/1/2/3.png');
  });
});
