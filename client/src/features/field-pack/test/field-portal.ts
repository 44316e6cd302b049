import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { vi } from 'vitest';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { signInAs, type StaffAgent } from '../../../../../server/src/test/roles';
import { TILES_FOLDER } from '../../../../../server/src/modules/tiles/tile-archive';
import { writePmtiles, type WriterTile } from '../../../../../server/src/modules/tiles/pmtiles-writer';
import {
  requiredFiles,
  sendComplete,
  submission,
  type FileSet,
} from '../../../../../server/src/modules/applications/intake-fixtures';
import { act, detail } from '../../../../../server/src/modules/requests/request-fixtures';
import {
  createOfficer,
  signInOnDevice,
  startRealApi,
  type Officer,
  type RealApi,
} from '../../../offline/test/real-api';
import { clearFieldDb } from './field-db';
import { TILE_RADIUS_M, WANTED_MAX_ZOOM, WANTED_MIN_ZOOM } from '../prepare';
import type { LatLng } from '@portal/shared/geo/geo';
import { tilesAround } from '../tileMath';

/**
 * The portal the field pack's tests prepare from: the real API in-process (../../../offline/test/real-api.ts)
 * over its own data folder holding a small PMTiles archive (docs/decisions/031-field-pack.md), a BADC
 * officer signed in on the device, and applications brought to BADC through the real intake and the
 * Chairman's and UNO's real forwards.
 */
export interface FieldPortal {
  api: RealApi;
  badc: Officer;
  admin: StaffAgent;
  /** Who forward an application to BADC. */
  chairman: StaffAgent;
  uno: StaffAgent;
  /** Bytes of each tile around `smallWells`, and of each (noisy, far bigger) tile around `bigWells`. */
  smallTileBytes: number;
  bigTileBytes: number;
  /** Every path fetched through the stubbed global fetch, in order. */
  requests: string[];
  /** Requests whose path starts with this fail as a lost connection (the device's signal, not the server). */
  offlineFrom: string | null;
  close(): Promise<void>;
}

/** A 256 px PNG map tile: one colour (a few hundred bytes), or noise, which does not compress (far above the typical size). */
async function tilePng(noisy: boolean): Promise<Uint8Array> {
  const plain = { width: 256, height: 256, channels: 3 as const, background: { r: 230, g: 240, b: 220 } };
  const noise = { type: 'gaussian' as const, mean: 120, sigma: 60 };
  const create = noisy ? { ...plain, background: '#000', noise } : plain;
  return new Uint8Array(await sharp({ create }).png().toBuffer());
}

/** The archive's tiles: every tile a pack plans around each well, at the zooms it wants. */
function tilesOf(wells: LatLng[], data: Uint8Array): WriterTile[] {
  const all = wells.flatMap((w) => tilesAround(w, TILE_RADIUS_M, WANTED_MIN_ZOOM, WANTED_MAX_ZOOM, null));
  const byKey = new Map(all.map((t) => [`${t.z}/${t.x}/${t.y}`, { ...t, data }]));
  return [...byKey.values()];
}

export async function startFieldPortal(wells: { small: LatLng[]; big: LatLng[] }): Promise<FieldPortal> {
  // jsdom's environment swaps in its own Uint8Array, which the server's type sniffing (file-type,
  // loaded by Node) does not recognise: while the real API runs in this process it gets Node's back.
  const jsdomUint8Array = globalThis.Uint8Array;
  globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
  const small = await tilePng(false);
  const big = await tilePng(true);
  const places = [...wells.small, ...wells.big];
  const archive = writePmtiles([...tilesOf(wells.small, small), ...tilesOf(wells.big, big)], {
    tileType: 'png',
    bounds: [
      Math.min(...places.map((p) => p.longitude)) - 0.05,
      Math.min(...places.map((p) => p.latitude)) - 0.05,
      Math.max(...places.map((p) => p.longitude)) + 0.05,
      Math.max(...places.map((p) => p.latitude)) + 0.05,
    ],
    metadata: { attribution: '© OpenStreetMap contributors' },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-field-pack-'));
  fs.mkdirSync(path.join(dataDir, TILES_FOLDER));
  fs.writeFileSync(path.join(dataDir, TILES_FOLDER, 'upazila.pmtiles'), archive);

  const api = await startRealApi({ dataDir });
  const badc = await createOfficer(api, 'BADC');
  const admin = await signInAs(api.ctx, 'Admin');
  const portal: FieldPortal = {
    api,
    badc,
    admin,
    chairman: await signInAs(api.ctx, 'Chairman'),
    uno: await signInAs(api.ctx, 'UNO'),
    smallTileBytes: small.byteLength,
    bigTileBytes: big.byteLength,
    requests: [],
    offlineFrom: null,
    async close() {
      await api.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      globalThis.Uint8Array = jsdomUint8Array;
    },
  };
  return portal;
}

/** Before each test: an empty field database, BADC signed in on the device, global fetch reaching the real API. */
export async function resetDevice(portal: FieldPortal) {
  await clearFieldDb();
  portal.requests.length = 0;
  portal.offlineFrom = null;
  await signInOnDevice(portal.api, portal.badc);
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const at = new URL(url, 'http://localhost');
    portal.requests.push(at.pathname);
    if (portal.offlineFrom !== null && at.pathname.startsWith(portal.offlineFrom))
      return Promise.reject(new TypeError('Failed to fetch'));
    return portal.api.fetch(at.pathname + at.search, init);
  });
}

export const fetched = (portal: FieldPortal, prefix: string) => portal.requests.filter((r) => r.startsWith(prefix));

/** The Admin's tile address (PUT /api/admin/settings): another host not marked for copies makes tiles-info unpackable. */
export async function setTileUrl(portal: FieldPortal, mapTileUrl: string) {
  const res = await portal.api.ctx.request('/api/admin/settings', {
    method: 'PUT',
    json: { mapTileUrl },
    agent: portal.admin,
  });
  if (res.status !== 200) throw new Error(`settings answered ${res.status}: ${await res.text()}`);
}

/**
 * A new-licence application sent through the real intake with its files (the server's own
 * fixtures, `replace` swapping some), then forwarded by the Chairman and the UNO: on BADC's list.
 * Returns its detail as BADC's device reads it.
 */
export async function applicationAtBadc(
  portal: FieldPortal,
  position: { latitude: string; longitude: string } | null,
  opts: { seed?: number; replace?: FileSet } = {},
): Promise<ApplicationDetail> {
  const { ctx } = portal.api;
  const files: FileSet = { ...requiredFiles(opts.seed ?? 0), ...opts.replace };

  const body = submission(files, { fields: position ?? {} });
  const { id } = await sendComplete(ctx, 'New', body, files);
  for (const officer of [portal.chairman, portal.uno]) {
    const res = await act(ctx, officer, id, { action: 'forward', payload: {} });
    if (res.status !== 200) throw new Error(`${officer.role} forward answered ${res.status}`);
  }
  return detail(ctx, portal.api.device, id);
}
