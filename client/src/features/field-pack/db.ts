import Dexie, { type Table } from 'dexie';
import type { ApplicationDetail } from '@portal/shared/schemas/review';

/**
 * The field pack's own IndexedDB database (docs/decisions/031-field-pack.md). Separate from the
 * outbox's `portal` database so that neither schema can ever collide with the other, and so that
 * nothing here sits in a service-worker cache that expires or is purged on a quota error.
 */
export const FIELD_DB_NAME = 'portal-field';

/** preparing: a download was started and has not finished (a killed tab leaves it so); ready: all of it is here. */
export type PackStatus = 'preparing' | 'ready';

export interface PackRow {
  applicationId: string;
  applicationNumber: number;
  /** The applicant's name, what the officer recognises the pack by. */
  label: string;
  /** The detail screen this application opens in (fieldRouteOf: what BADC may do with it when prepared), e.g. 'b-unseen-view'. */
  detailRoute: string;
  officerId: number;
  preparedAt: string;
  status: PackStatus;
  /** Bytes kept for this pack: its detail JSON, its documents and the tiles it holds (shared tiles count in each). */
  bytes: number;
  documents: number;
  tiles: number;
  /** The tile source and zooms the pack was planned with, so a resumed pack asks the same tiles. */
  tileSource: string | null;
  minZoom: number;
  maxZoom: number;
  tileBounds: [number, number, number, number] | null;
}

/** One application's detail JSON: a pack's, or the last one opened online (so a decision can be made offline). */
export interface DetailRow {
  applicationId: string;
  officerId: number;
  savedAt: string;
  detail: ApplicationDetail;
}

export interface DocumentRow {
  applicationId: string;
  slot: string;
  /** The server's file id: a file replaced since the pack was made is not the one kept here. */
  fileId: string;
  mime: string;
  size: number;
  blob: Blob;
}

export interface TileRow {
  /** `${source}|${z}/${x}/${y}` */
  key: string;
  source: string;
  z: number;
  x: number;
  y: number;
  size: number;
  blob: Blob;
}

/** Which pack holds which tile: a tile goes only when no pack holds it any more. */
export interface PackTileRow {
  applicationId: string;
  key: string;
}

export class FieldDb extends Dexie {
  packs!: Table<PackRow, string>;
  details!: Table<DetailRow, string>;
  documents!: Table<DocumentRow, [string, string]>;
  tiles!: Table<TileRow, string>;
  packTiles!: Table<PackTileRow, [string, string]>;

  constructor() {
    super(FIELD_DB_NAME);
    this.version(1).stores({
      packs: 'applicationId, status, officerId',
      details: 'applicationId, savedAt',
      documents: '[applicationId+slot], applicationId, fileId',
      tiles: 'key, [z+x+y]',
      packTiles: '[applicationId+key], applicationId, key',
    });
  }
}

export const fieldDb = new FieldDb();

export function tileKey(source: string, z: number, x: number, y: number): string {
  return `${source}|${z}/${x}/${y}`;
}
