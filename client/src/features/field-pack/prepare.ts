import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { tilesInfoSchema, type TilesInfo as SharedTilesInfo } from '@portal/shared/schemas/tiles';
import { sha256Hex } from '../../offline/hash';
import { fieldDb, tileKey, type PackRow } from './db';
import { tilesAround, tileUrl, wellPosition, type TileCoord } from './tileMath';

/**
 * Preparing field packs (docs/decisions/031-field-pack.md): plan what a set of applications needs
 * (detail, documents, the map around each well), say how big it is before anything starts, then
 * download one thing at a time with retries. Everything lands in the field database as it comes,
 * so a pack half-done when the tab is killed continues where it stopped.
 */

/** GET /api/public/map/tiles-info (shared/src/schemas/tiles.ts): a tile source that allows copies onto a phone, or none. */
export type TilesInfo = SharedTilesInfo;

/** The most one preparation may keep on the phone: documents, details and tiles together. */
export const PACK_BYTE_CAP = 150_000_000;
/** What a 256 px map tile weighs on average, to estimate before the tiles are fetched. */
export const TYPICAL_TILE_BYTES = 20_000;
/** The map kept around each well: this radius, these zooms (street level at 17). */
export const TILE_RADIUS_M = 1000;
export const WANTED_MIN_ZOOM = 13;
export const WANTED_MAX_ZOOM = 17;

/** The tile source a pack may use, or null when there is none or it cannot be asked (the map then shows only what was viewed before). */
export async function fetchTilesInfo(): Promise<TilesInfo | null> {
  try {
    const res = await fetch('/api/public/map/tiles-info', {
      credentials: 'same-origin',
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) return null;
    const info = tilesInfoSchema.safeParse(await res.json());
    if (!info.success || !info.data.packable || !info.data.url || !/\{z\}.*\{x\}.*\{y\}/.test(info.data.url))
      return null;
    return info.data;
  } catch {
    return null;
  }
}

type DetailFile = ApplicationDetail['files'][number];

export interface PlanItem {
  detail: ApplicationDetail;
  documents: DetailFile[];
  tiles: TileCoord[];
}

/**
 * ok: tiles as wanted; cut: the zoom was lowered to stay under the cap; dropped: even the lowest
 * zoom would pass the cap, so no tiles; noSource: no source allows pre-loading; refused: the
 * documents alone pass the cap, so nothing starts.
 */
export type TilesVerdict = 'ok' | 'cut' | 'dropped' | 'noSource';

export interface PackPlan {
  items: PlanItem[];
  detailBytes: number;
  documentBytes: number;
  /** Distinct tiles over all the wells (neighbouring wells share tiles). */
  tileCount: number;
  tileBytesEstimate: number;
  totalEstimate: number;
  tiles: TilesVerdict;
  refused: boolean;
  source: TilesInfo | null;
  minZoom: number;
  maxZoom: number;
  /** Applications without a position: no map for them. */
  withoutPosition: number;
  cap: number;
}

const jsonBytes = (d: ApplicationDetail) => new Blob([JSON.stringify(d)]).size;

function tilesFor(detail: ApplicationDetail, info: TilesInfo, lo: number, hi: number): TileCoord[] {
  const p = wellPosition(detail.fields);
  return p ? tilesAround(p, TILE_RADIUS_M, lo, hi, info.bounds) : [];
}

const distinct = (lists: TileCoord[][]) => new Set(lists.flat().map((t) => `${t.z}/${t.x}/${t.y}`)).size;

/** What preparing these applications would keep, and whether it fits under the cap (lowering the map's zoom first). */
export function planPacks(details: ApplicationDetail[], info: TilesInfo | null, cap = PACK_BYTE_CAP): PackPlan {
  const detailBytes = details.reduce((n, d) => n + jsonBytes(d), 0);
  const documentBytes = details.reduce((n, d) => n + d.files.reduce((m, f) => m + f.size, 0), 0);
  const withoutPosition = details.filter((d) => !wellPosition(d.fields)).length;
  const base = detailBytes + documentBytes;
  const lo = info ? Math.max(WANTED_MIN_ZOOM, info.minZoom) : 0;
  const wantedHi = info ? Math.min(WANTED_MAX_ZOOM, info.maxZoom) : -1;
  let hi = wantedHi;
  let lists: TileCoord[][] = details.map(() => []);
  let count = 0;
  if (info && lo <= hi) {
    for (; hi >= lo; hi--) {
      lists = details.map((d) => tilesFor(d, info, lo, hi));
      count = distinct(lists);
      if (base + count * TYPICAL_TILE_BYTES <= cap) break;
    }
    if (hi < lo) {
      lists = details.map(() => []);
      count = 0;
    }
  }
  const tiles: TilesVerdict = !info || lo > wantedHi ? 'noSource' : hi < lo ? 'dropped' : hi < wantedHi ? 'cut' : 'ok';
  const tileBytesEstimate = count * TYPICAL_TILE_BYTES;
  return {
    items: details.map((detail, i) => ({ detail, documents: detail.files, tiles: lists[i]! })),
    detailBytes,
    documentBytes,
    tileCount: count,
    tileBytesEstimate,
    totalEstimate: base + tileBytesEstimate,
    tiles,
    refused: base > cap,
    source: info,
    minZoom: lo,
    maxZoom: Math.max(hi, lo - 1),
    withoutPosition,
    cap,
  };
}

export interface PrepareProgress {
  done: number;
  total: number;
  /** Bytes downloaded in this run. */
  bytes: number;
}

export interface PrepareResult {
  prepared: number;
  bytes: number;
  /** The real bytes reached the cap while tiles were coming: the rest of the map was left out. */
  capReached: boolean;
}

/**
 * The screen an application opens on in the field, by what BADC may do with it now: the inspection
 * while the checklist is due, the pending screen once it is, else the read-only view. A selection
 * from several lists (all of "my unseen and pending") thus opens each on its own screen.
 */
export function fieldRouteOf(detail: ApplicationDetail): string {
  if (detail.allowedActions.includes('inspect')) return 'b-unseen-view';
  if (detail.stage === 'Pending') return 'pending-view';
  return 'seen-view';
}

export interface PrepareContext {
  officerId: number;
  /** The screen every pack opens on; by default each application's own (fieldRouteOf). */
  detailRoute?: string;
  onProgress?: (p: PrepareProgress) => void;
  signal?: AbortSignal;
  /** Waits between attempts of one download (ms); three attempts in all. */
  retryDelays?: readonly number[];
  now?: () => Date;
}

/** A download that failed after its retries: the pack stays 'preparing' and can be continued or released. */
export class PrepareError extends Error {
  constructor(
    readonly what: 'document' | 'tile',
    readonly status: number,
  ) {
    super(`${what} download failed (${status})`);
  }
}

/** Only types a browser shows safely open from the phone; anything else is kept as a download. */
function safeType(mime: string): string {
  return /^image\/(jpeg|png|webp|gif)$/.test(mime) || mime === 'application/pdf' ? mime : 'application/octet-stream';
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

/** One GET with retries; a 404 is an answer (no such tile), not a failure. */
async function download(url: string, what: 'document' | 'tile', ctx: PrepareContext): Promise<Blob | null> {
  const delays = ctx.retryDelays ?? [1000, 4000];
  let status = 0;
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) await wait(delays[attempt - 1]!, ctx.signal);
    ctx.signal?.throwIfAborted();
    try {
      const timeout = AbortSignal.timeout(60_000);
      const res = await fetch(url, {
        // Staff files are private: the session cookie goes with them (same origin only).
        credentials: 'same-origin',
        signal: ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout,
      });
      if (res.ok) return await res.blob();
      status = res.status;
      if (res.status === 404 && what === 'tile') return null;
      // Refused (signed out, no longer BADC's): retrying will not help.
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) break;
    } catch (e) {
      if (ctx.signal?.aborted) throw e;
      status = 0;
    }
  }
  throw new PrepareError(what, status);
}

let running = false;

/** Downloads the plan into the field database. One preparation at a time in a tab. */
export async function runPrepare(plan: PackPlan, ctx: PrepareContext): Promise<PrepareResult> {
  if (running) throw new Error('PREPARE_RUNNING');
  running = true;
  try {
    return await runLocked(plan, ctx);
  } finally {
    running = false;
  }
}

async function runLocked(plan: PackPlan, ctx: PrepareContext): Promise<PrepareResult> {
  const now = ctx.now ?? (() => new Date());
  const total = plan.items.reduce((n, i) => n + 1 + i.documents.length + i.tiles.length, 0);
  const progress: PrepareProgress = { done: 0, total, bytes: 0 };
  const step = (bytes = 0) => {
    progress.done += 1;
    progress.bytes += bytes;
    ctx.onProgress?.({ ...progress });
  };
  ctx.onProgress?.({ ...progress });
  // The cap holds for what this preparation keeps, as the dialog estimated it: details and
  // documents first (the plan refused to start when they alone pass it), then tiles while room is left.
  let kept = plan.detailBytes;
  let capReached = false;
  const source = plan.source?.url ?? null;

  for (const item of plan.items) {
    const { detail } = item;
    const id = detail.id;
    const pack: PackRow = {
      applicationId: id,
      applicationNumber: detail.applicationNumber,
      label: typeof detail.fields.applicantName === 'string' ? detail.fields.applicantName : '',
      detailRoute: ctx.detailRoute ?? fieldRouteOf(detail),
      officerId: ctx.officerId,
      preparedAt: now().toISOString(),
      status: 'preparing',
      bytes: 0,
      documents: item.documents.length,
      tiles: 0,
      tileSource: source,
      minZoom: plan.minZoom,
      maxZoom: plan.maxZoom,
      tileBounds: plan.source?.bounds ?? null,
    };
    const previous = await fieldDb.packs.get(id);
    await fieldDb.transaction('rw', fieldDb.packs, fieldDb.details, async () => {
      await fieldDb.packs.put({ ...pack, detailRoute: previous?.detailRoute ?? pack.detailRoute });
      await fieldDb.details.put({ applicationId: id, officerId: ctx.officerId, savedAt: pack.preparedAt, detail });
    });
    step();

    for (const file of item.documents) {
      const have = await fieldDb.documents.get([id, file.slot]);
      if (have?.fileId === file.id) {
        step();
        continue;
      }
      const blob = await download(file.url, 'document', ctx);
      if (!blob) throw new PrepareError('document', 404);
      // The bytes the server lists for this file, or a retry next time: never a wrong document.
      if ((await sha256Hex(blob)) !== file.sha256) throw new PrepareError('document', 0);
      await fieldDb.documents.put({
        applicationId: id,
        slot: file.slot,
        fileId: file.id,
        mime: file.mime,
        size: blob.size,
        // Copied out of the response with the type the detail gives, limited to what opens safely.
        blob: new Blob([await blob.arrayBuffer()], { type: safeType(file.mime) }),
      });
      kept += blob.size;
      step(blob.size);
    }

    for (const t of item.tiles) {
      if (!source) break;
      const key = tileKey(source, t.z, t.x, t.y);
      if (await fieldDb.tiles.get(key)) {
        await fieldDb.packTiles.put({ applicationId: id, key });
        step();
        continue;
      }
      if (capReached || kept + TYPICAL_TILE_BYTES > plan.cap) {
        capReached = true;
        step();
        continue;
      }
      const blob = await download(tileUrl(source, t), 'tile', ctx);
      if (blob && blob.size > 0) {
        const image = new Blob([await blob.arrayBuffer()], { type: blob.type || 'image/png' });
        await fieldDb.transaction('rw', fieldDb.tiles, fieldDb.packTiles, async () => {
          await fieldDb.tiles.put({ key, source, ...t, size: blob.size, blob: image });
          await fieldDb.packTiles.put({ applicationId: id, key });
        });
        kept += blob.size;
      }
      step(blob?.size ?? 0);
    }

    await fieldDb.packs.update(id, { status: 'ready', ...(await packSize(id)) });
  }
  return { prepared: plan.items.length, bytes: progress.bytes, capReached };
}

/** What one pack keeps: its detail, documents and tiles (a tile two packs share counts in both). */
async function packSize(id: string): Promise<Pick<PackRow, 'bytes' | 'tiles'>> {
  const detail = await fieldDb.details.get(id);
  const docs = await fieldDb.documents.where('applicationId').equals(id).toArray();
  const keys = (await fieldDb.packTiles.where('applicationId').equals(id).toArray()).map((r) => r.key);
  const tiles = (await fieldDb.tiles.bulkGet(keys)).filter((t) => t !== undefined);
  const bytes =
    (detail ? jsonBytes(detail.detail) : 0) +
    docs.reduce((n, d) => n + d.size, 0) +
    tiles.reduce((n, t) => n + t.size, 0);
  return { bytes, tiles: tiles.length };
}

/**
 * The plan that continues packs left 'preparing' (a killed tab, a lost signal): the same
 * details, documents and tile source as when they were started; what is already here is skipped.
 */
export async function resumePlan(
  ids: string[],
  cap = PACK_BYTE_CAP,
): Promise<{ plan: PackPlan; detailRoute: string } | null> {
  const packs = (await fieldDb.packs.bulkGet(ids)).filter((p) => p !== undefined);
  const details = (await fieldDb.details.bulkGet(packs.map((p) => p.applicationId))).filter((d) => d !== undefined);
  if (packs.length === 0 || details.length === 0) return null;
  const first = packs[0]!;
  const info: TilesInfo | null = first.tileSource
    ? {
        packable: true,
        url: first.tileSource,
        minZoom: first.minZoom,
        maxZoom: first.maxZoom,
        bounds: first.tileBounds,
        attribution: '',
      }
    : null;
  return {
    plan: planPacks(
      details.map((d) => d.detail),
      info,
      cap,
    ),
    detailRoute: first.detailRoute,
  };
}
