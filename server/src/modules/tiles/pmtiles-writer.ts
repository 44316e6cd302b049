import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { Compression, TileType, zxyToTileId } from 'pmtiles';

/**
 * A small PMTiles v3 writer (docs/decisions/033-tile-archive.md): the tests' archives and the demo's.
 * Header, one root directory of varint-coded entries (no leaf directories: enough for an upazila's few
 * thousand tiles, and refused past that), JSON metadata, then the tile data in tile-id order, with
 * identical tiles stored once and runs of them written as one entry. Directories and metadata are
 * gzipped, as the usual writers do; tiles are stored as given.
 */
export interface WriterTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveOptions {
  tileType: 'png' | 'jpg' | 'webp';
  /** [west, south, east, north]; default: the whole world. */
  bounds?: [number, number, number, number];
  metadata?: Record<string, unknown>;
}

const HEADER_BYTES = 127;
/** Readers fetch the header and root directory in one 16 KiB read. */
const FIRST_READ = 16_384;
const TILE_TYPE = { png: TileType.Png, jpg: TileType.Jpeg, webp: TileType.Webp } as const;

function varint(out: number[], value: number) {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

function serializeDirectory(entries: Entry[]): Uint8Array {
  const out: number[] = [];
  varint(out, entries.length);
  let lastId = 0;
  for (const e of entries) {
    varint(out, e.tileId - lastId);
    lastId = e.tileId;
  }
  for (const e of entries) varint(out, e.runLength);
  for (const e of entries) varint(out, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    // 0 = right after the previous entry's bytes; else offset + 1.
    varint(out, prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return Uint8Array.from(out);
}

export function writePmtiles(tiles: WriterTile[], options: ArchiveOptions): Buffer {
  if (tiles.length === 0) throw new Error('A tile archive needs at least one tile');
  const sorted = tiles.map((t) => ({ ...t, tileId: zxyToTileId(t.z, t.x, t.y) })).sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  const chunks: Uint8Array[] = [];
  const stored = new Map<string, { offset: number; length: number }>();
  let dataLength = 0;
  for (const t of sorted) {
    if (entries.at(-1)?.tileId === t.tileId) throw new Error(`Tile ${t.z}/${t.x}/${t.y} is given twice`);
    const hash = crypto.createHash('sha256').update(t.data).digest('hex');
    let place = stored.get(hash);
    if (!place) {
      place = { offset: dataLength, length: t.data.byteLength };
      stored.set(hash, place);
      chunks.push(t.data);
      dataLength += t.data.byteLength;
    }
    const last = entries.at(-1);
    if (last && last.offset === place.offset && last.tileId + last.runLength === t.tileId) last.runLength++;
    else entries.push({ tileId: t.tileId, ...place, runLength: 1 });
  }

  const root = zlib.gzipSync(serializeDirectory(entries));
  if (HEADER_BYTES + root.byteLength > FIRST_READ) {
    throw new Error(`Too many tiles for one root directory (${entries.length} entries); use fewer zoom levels`);
  }
  const metadata = zlib.gzipSync(Buffer.from(JSON.stringify(options.metadata ?? {})));
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.byteLength;
  const dataOffset = metadataOffset + metadata.byteLength;
  const zooms = sorted.map((t) => t.z);
  const [w, s, e, n] = options.bounds ?? [-180, -85.0511287, 180, 85.0511287];
  const minZoom = Math.min(...zooms);
  const maxZoom = Math.max(...zooms);

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(root.byteLength, 16);
  u64(metadataOffset, 24);
  u64(metadata.byteLength, 32);
  u64(dataOffset, 40); // no leaf directories: offset where they would be, length 0
  u64(0, 48);
  u64(dataOffset, 56);
  u64(dataLength, 64);
  u64(sorted.length, 72); // addressed tiles
  u64(entries.length, 80); // tile entries
  u64(stored.size, 88); // tile contents
  header.writeUInt8(1, 96); // clustered: data in tile-id order
  header.writeUInt8(Compression.Gzip, 97);
  header.writeUInt8(Compression.None, 98);
  header.writeUInt8(TILE_TYPE[options.tileType], 99);
  header.writeUInt8(minZoom, 100);
  header.writeUInt8(maxZoom, 101);
  const e7 = (deg: number, at: number) => header.writeInt32LE(Math.round(deg * 1e7), at);
  e7(w, 102);
  e7(s, 106);
  e7(e, 110);
  e7(n, 114);
  header.writeUInt8(minZoom, 118);
  e7((w + e) / 2, 119);
  e7((s + n) / 2, 123);

  return Buffer.concat([header, root, metadata, ...chunks]);
}
