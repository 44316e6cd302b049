// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not. The real API runs in this process.)
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Of, storedFiles } from '../../offline/test/real-api';
import { fieldDb } from './db';
import { fetchTilesInfo, planPacks, runPrepare, resumePlan, TYPICAL_TILE_BYTES, type PrepareProgress } from './prepare';
import { releasePack } from './store';
import { tileUrl } from './tileMath';
import {
  applicationAtBadc,
  fetched,
  resetDevice,
  setTileUrl,
  startFieldPortal,
  type FieldPortal,
} from './test/field-portal';

/**
 * Preparing, resuming and releasing field packs against the real API in-process, with the tile
 * archive in its data folder (docs/decisions/031-field-pack.md). IndexedDB is fake-indexeddb, as in
 * the outbox tests.
 */
// Two wells 400 m apart in Savar: their 1 km maps overlap. K, in Shibganj, lies where the archive's tiles are big.
const A = { latitude: '23.850000', longitude: '90.260000' };
const B = { latitude: '23.853600', longitude: '90.260000' };
const K = { latitude: '24.680000', longitude: '88.160000' };
const num = (p: typeof A) => ({ latitude: Number(p.latitude), longitude: Number(p.longitude) });
let portal: FieldPortal;
const ctx = () => ({ officerId: portal.badc.id, detailRoute: 'b-unseen-view', retryDelays: [0, 0] });

beforeAll(async () => {
  portal = await startFieldPortal({ small: [num(A), num(B)], big: [num(K)] });
}, 120_000);
afterAll(() => portal?.close());
beforeEach(() => resetDevice(portal));
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prepare', () => {
  it('keeps the detail, every document and the map around the well, and reports progress up to the total', async () => {
    const d = await applicationAtBadc(portal, A, { seed: 1 });
    const documentBytes = d.files.reduce((n, f) => n + f.size, 0);
    const plan = planPacks([d], await fetchTilesInfo());
    expect(plan.documentBytes).toBe(documentBytes);
    expect(plan.tiles).toBe('ok');
    expect([plan.minZoom, plan.maxZoom]).toEqual([13, 17]);
    expect(plan.tileCount).toBeGreaterThan(50);
    expect(plan.tileBytesEstimate).toBe(plan.tileCount * TYPICAL_TILE_BYTES);

    const seen: PrepareProgress[] = [];
    const result = await runPrepare(plan, { ...ctx(), onProgress: (p) => seen.push(p) });

    const last = seen.at(-1)!;
    expect(last.done).toBe(last.total);
    expect(last.total).toBe(1 + d.files.length + plan.tileCount);
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
    expect(result.bytes).toBe(documentBytes + plan.tileCount * portal.smallTileBytes);

    const pack = await fieldDb.packs.get(d.id);
    expect(pack).toMatchObject({ status: 'ready', officerId: portal.badc.id, documents: d.files.length });
    expect(pack!.tiles).toBe(plan.tileCount);
    expect(pack!.bytes).toBeGreaterThan(documentBytes + plan.tileCount * portal.smallTileBytes);
    expect((await fieldDb.details.get(d.id))?.detail.applicationNumber).toBe(d.applicationNumber);
    // Every document on the phone holds the very bytes the server stored for it.
    const stored = await storedFiles(portal.api, 'application', d.id);
    expect(stored.size).toBe(d.files.length);
    for (const f of d.files) {
      const doc = await fieldDb.documents.get([d.id, f.slot]);
      expect(doc, f.slot).toMatchObject({ fileId: f.id, size: f.size, mime: f.mime });
      expect(sha256Of(new Uint8Array(await doc!.blob.arrayBuffer())), f.slot).toBe(stored.get(f.slot));
    }
    expect(await fieldDb.tiles.count()).toBe(plan.tileCount);
    // Documents and tiles were fetched, each once.
    expect(fetched(portal, '/api/files/')).toHaveLength(d.files.length);
    expect(fetched(portal, '/tiles/')).toHaveLength(plan.tileCount);
    expect(new Set(fetched(portal, '/tiles/')).size).toBe(plan.tileCount);
  });

  it('a second pack sharing tiles reuses them, and releasing the first keeps the tiles the second holds', async () => {
    const a = await applicationAtBadc(portal, A, { seed: 2 });
    const b = await applicationAtBadc(portal, B, { seed: 3 });
    const info = await fetchTilesInfo();
    const planA = planPacks([a], info);
    await runPrepare(planA, ctx());
    const before = fetched(portal, '/tiles/').length;
    const planB = planPacks([b], info);
    await runPrepare(planB, ctx());
    const fetchedForB = fetched(portal, '/tiles/').length - before;
    const keysA = new Set(planA.items[0]!.tiles.map((t) => `${t.z}/${t.x}/${t.y}`));
    const shared = planB.items[0]!.tiles.filter((t) => keysA.has(`${t.z}/${t.x}/${t.y}`));
    expect(shared.length).toBeGreaterThan(0);
    expect(fetchedForB).toBe(planB.tileCount - shared.length);

    await releasePack(a.id);
    expect(await fieldDb.packs.get(a.id)).toBeUndefined();
    expect(await fieldDb.documents.where('applicationId').equals(a.id).count()).toBe(0);
    expect(await fieldDb.details.get(a.id)).toBeUndefined();
    // Every tile B holds is still here; A's own tiles are gone.
    expect(await fieldDb.tiles.count()).toBe(planB.tileCount);
    for (const t of shared) expect(await fieldDb.tiles.get(`${info!.url}|${t.z}/${t.x}/${t.y}`)).toBeDefined();
    expect((await fieldDb.packs.get(b.id))?.status).toBe('ready');
  });

  it('a pack cut off halfway stays "preparing" and continues without fetching again what arrived', async () => {
    const d = await applicationAtBadc(portal, A, { seed: 4 });
    const plan = planPacks([d], await fetchTilesInfo());
    // The signal goes after the documents, while the tiles come.
    portal.offlineFrom = '/tiles/';
    await expect(runPrepare(plan, ctx())).rejects.toThrow();
    expect((await fieldDb.packs.get(d.id))?.status).toBe('preparing');
    expect(await fieldDb.documents.count()).toBe(d.files.length);
    // Three attempts of the first tile, then it stopped.
    expect(fetched(portal, '/tiles/')).toHaveLength(3);

    portal.offlineFrom = null;
    portal.requests.length = 0;
    const resumed = await resumePlan([d.id]);
    expect(resumed?.detailRoute).toBe('b-unseen-view');
    await runPrepare(resumed!.plan, ctx());
    expect((await fieldDb.packs.get(d.id))?.status).toBe('ready');
    expect(fetched(portal, '/api/files/')).toHaveLength(0);
    expect(fetched(portal, '/tiles/')).toHaveLength(plan.tileCount);
  });

  it('keeps under the byte cap: lowers the zoom, then leaves the map out, then refuses', async () => {
    const d = await applicationAtBadc(portal, A, { seed: 5 });
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
    // The archive's tiles around K turn out far bigger than estimated.
    expect(portal.bigTileBytes).toBeGreaterThan(5 * TYPICAL_TILE_BYTES);
    const d = await applicationAtBadc(portal, K, { seed: 6 });
    const plan = planPacks([d], await fetchTilesInfo());
    expect(plan.tileCount).toBeGreaterThan(10);
    const capped = { ...plan, cap: plan.detailBytes + plan.documentBytes + 10 * TYPICAL_TILE_BYTES };
    const result = await runPrepare(capped, ctx());
    expect(result.capReached).toBe(true);
    expect(fetched(portal, '/tiles/').length).toBeLessThanOrEqual(2);
    expect((await fieldDb.packs.get(d.id))?.status).toBe('ready');
  });

  it('plans no tiles when the source does not allow copies, or cannot be asked', async () => {
    // The Admin points the maps at another host, not marked as allowing copies.
    await setTileUrl(portal, 'https://tiles.example.org/{z}/{x}/{y}.png');
    try {
      expect(await fetchTilesInfo()).toBeNull();
    } finally {
      await setTileUrl(portal, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    }
    expect(await fetchTilesInfo()).not.toBeNull();
    const d = await applicationAtBadc(portal, A, { seed: 7 });
    portal.offlineFrom = '/api/public/map/tiles-info';
    const plan = planPacks([d], await fetchTilesInfo());
    expect(plan.tiles).toBe('noSource');
    expect(plan.tileCount).toBe(0);
    expect(tileUrl('/t/{z}/{x}/{y}.png', { z: 1, x: 2, y: 3 })).toBe('/t/1/2/3.png');
  });
});
