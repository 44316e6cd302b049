import type { ApplicationDetail } from '@portal/shared/schemas/review';
import type { TilesInfo } from '@portal/shared/schemas/tiles';
import { sha256Hex } from '../../../offline/hash';
import { fieldDb } from '../db';

/**
 * A stand-in of the portal for the field pack's tests: details, private files and a tile
 * archive, answering fetch the way the server does, and recording every request.
 */
export const TILE_URL = '/tiles/{z}/{x}/{y}.png';
export const TILES_INFO: TilesInfo = {
  packable: true,
  url: TILE_URL,
  minZoom: 0,
  maxZoom: 17,
  bounds: [88, 21, 92.7, 26.6],
  attribution: '© OpenStreetMap contributors',
};

export function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return sha256Hex(new Blob([bytes]));
}

export interface FakeFile {
  id: string;
  slot: string;
  mime: string;
  bytes: Uint8Array<ArrayBuffer>;
}

let n = 0;
export function fileOf(slot: string, size: number, mime = 'image/jpeg'): FakeFile {
  n += 1;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return { id, slot, mime, bytes: new Uint8Array(size).fill(n % 251) };
}

export async function detailOf(
  id: string,
  applicationNumber: number,
  position: { latitude: string; longitude: string } | null,
  files: FakeFile[],
): Promise<ApplicationDetail> {
  return {
    id,
    applicationNumber,
    kind: 'New',
    stage: 'BadcInspect',
    seen: { chairman: true, uno: true, badc: false },
    version: 3,
    submittedAt: '2026-11-20T04:00:00.000Z',
    intakeStatus: 'complete',
    fields: { applicantName: `আবেদনকারী ${applicationNumber}`, ...(position ?? {}) },
    files: await Promise.all(
      files.map(async (f) => ({
        id: f.id,
        slot: f.slot,
        mime: f.mime,
        size: f.bytes.length,
        sha256: await sha256(f.bytes),
        originalName: null,
        uploadedAt: '2026-11-20T04:00:00.000Z',
        url: `/api/files/${f.id}`,
      })),
    ),
    checklist: null,
    renewalChecks: null,
    changeMarks: null,
    change: null,
    finalRemarks: null,
    recheck: { requested: false, message: null },
    licence: null,
    audit: [],
    allowedActions: ['inspect'],
  } as unknown as ApplicationDetail;
}

export interface FakePortal {
  requests: string[];
  details: Map<string, ApplicationDetail>;
  files: Map<string, FakeFile>;
  tilesInfo: TilesInfo | 'fail';
  /** Every tile this many bytes. */
  tileBytes: number;
  /** Requests whose path starts with this fail as a lost connection. */
  offlineFrom: string | null;
}

export function fakePortal(): FakePortal {
  return {
    requests: [],
    details: new Map(),
    files: new Map(),
    tilesInfo: TILES_INFO,
    tileBytes: 300,
    offlineFrom: null,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function fetchOf(portal: FakePortal, extra?: (path: string) => Response | null) {
  return async (input: string | URL | Request) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : new URL(input.url).pathname;
    portal.requests.push(path);
    if (portal.offlineFrom !== null && path.startsWith(portal.offlineFrom)) throw new TypeError('Failed to fetch');
    const more = extra?.(path);
    if (more) return more;
    if (path === '/api/public/map/tiles-info')
      return portal.tilesInfo === 'fail' ? new Response('', { status: 503 }) : json(portal.tilesInfo);
    const detail = /^\/api\/staff\/applications\/([^/?]+)$/.exec(path);
    if (detail) {
      const d = portal.details.get(decodeURIComponent(detail[1]!));
      return d ? json(d) : json({ error: { code: 'NOT_FOUND', message: 'নেই', messageEn: 'Not found' } }, 404);
    }
    const file = /^\/api\/files\/(.+)$/.exec(path);
    if (file) {
      const f = portal.files.get(file[1]!);
      return f
        ? new Response(f.bytes, { status: 200, headers: { 'content-type': f.mime, 'cache-control': 'no-store' } })
        : new Response('', { status: 404 });
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path))
      return new Response(new Uint8Array(portal.tileBytes).fill(7), {
        status: 200,
        headers: { 'content-type': 'image/png' },
      });
    throw new TypeError('Failed to fetch');
  };
}

export async function addApplication(portal: FakePortal, detail: ApplicationDetail, files: FakeFile[]) {
  portal.details.set(detail.id, detail);
  for (const f of files) portal.files.set(f.id, f);
}

export async function clearFieldDb() {
  await Promise.all(fieldDb.tables.map((t) => t.clear()));
}
