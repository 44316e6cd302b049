import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { Compression, PMTiles, SharedPromiseCache, TileType, type Header } from 'pmtiles';
import { FileRangeSource } from './file-source.js';

/**
 * The map tile archive the portal serves from DATA_DIR/tiles/ (docs/decisions/033-tile-archive.md):
 * the first `*.pmtiles` file there by name, PMTiles v3 of raster tiles. The folder is looked at
 * again at most every RECHECK_MS, so an office that copies a new archive in needs no restart; a
 * replaced file (other size or time) is opened afresh.
 */
export const TILES_FOLDER = 'tiles';
const RECHECK_MS = 30_000;

const RASTER: Partial<Record<TileType, { ext: TileExt; contentType: string }>> = {
  [TileType.Png]: { ext: 'png', contentType: 'image/png' },
  [TileType.Jpeg]: { ext: 'jpg', contentType: 'image/jpeg' },
  [TileType.Webp]: { ext: 'webp', contentType: 'image/webp' },
  [TileType.Avif]: { ext: 'avif', contentType: 'image/avif' },
};
export type TileExt = 'png' | 'jpg' | 'webp' | 'avif';

export interface TileArchive {
  file: string;
  ext: TileExt;
  contentType: string;
  /** The address the maps browse it at. */
  url: string;
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] from the header. */
  bounds: [number, number, number, number];
  /** The archive's own credit (its metadata's `attribution`), as plain text; null when it has none. */
  attribution: string | null;
  /** A tile's bytes, or null when the archive has no such tile. */
  tile(z: number, x: number, y: number): Promise<Uint8Array | null>;
}

/** Directories and the metadata inside an archive: gzip is what the usual writers use; tiles are served as stored. */
async function decompress(buf: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> {
  if (compression === Compression.None || compression === Compression.Unknown) return buf;
  if (compression === Compression.Gzip) {
    const out = zlib.gunzipSync(new Uint8Array(buf));
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
  }
  throw new Error(`PMTiles compression ${Compression[compression]} is not supported here (gzip or none)`);
}

/** The credit as text: archive metadata often carries an HTML link, which every map would show escaped. */
function plainAttribution(metadata: unknown): string | null {
  const value = (metadata as { attribution?: unknown } | null)?.attribution;
  if (typeof value !== 'string') return null;
  const text = value
    .replace(/<[^>]*>/g, '')
    .replace(/&copy;/g, '©')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
  return text || null;
}

async function openArchive(file: string): Promise<{ archive: TileArchive; source: FileRangeSource }> {
  const source = new FileRangeSource(file);
  try {
    const pmtiles = new PMTiles(source, new SharedPromiseCache(100, false, decompress), decompress);
    const header: Header = await pmtiles.getHeader();
    const raster = RASTER[header.tileType];
    if (header.specVersion !== 3) throw new Error(`PMTiles spec version ${header.specVersion}, not 3`);
    if (!raster)
      throw new Error(
        `its tiles are ${TileType[header.tileType] ?? header.tileType}, not pictures (png, jpg, webp, avif)`,
      );
    const tileCompressed =
      header.tileCompression !== Compression.None && header.tileCompression !== Compression.Unknown;
    const metadata = await pmtiles.getMetadata().catch(() => null);
    const archive: TileArchive = {
      file,
      ...raster,
      url: `/tiles/{z}/{x}/{y}.${raster.ext}`,
      minZoom: header.minZoom,
      maxZoom: header.maxZoom,
      bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
      attribution: plainAttribution(metadata),
      async tile(z, x, y) {
        const found = await pmtiles.getZxy(z, x, y);
        if (!found) return null;
        const data = tileCompressed ? await decompress(found.data, header.tileCompression) : found.data;
        return new Uint8Array(data);
      },
    };
    return { archive, source };
  } catch (err) {
    await source.close().catch(() => undefined);
    throw err;
  }
}

interface Shelf {
  checkedAt: number;
  /** size and modification time of the file served, so a replaced archive is noticed. */
  identity: string | null;
  opened: { archive: TileArchive; source: FileRangeSource } | null;
  pending: Promise<TileArchive | null> | null;
}

const shelves = new Map<string, Shelf>();

async function look(dataDir: string, shelf: Shelf): Promise<TileArchive | null> {
  const folder = path.join(dataDir, TILES_FOLDER);
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const archives = names.filter((n) => n.toLowerCase().endsWith('.pmtiles')).sort();
  const name = archives[0];
  let identity: string | null = null;
  let file: string | null = null;
  if (name) {
    file = path.join(folder, name);
    const stat = await fs.stat(file).catch(() => null);
    identity = stat?.isFile() ? `${file}|${stat.size}|${stat.mtimeMs}` : null;
  }
  if (identity === shelf.identity) return shelf.opened?.archive ?? null;

  const previous = shelf.opened;
  shelf.identity = identity;
  shelf.opened = null;
  if (previous) await previous.source.close().catch(() => undefined);
  if (!identity || !file) return null;
  if (archives.length > 1)
    console.warn(`[tiles] serving ${name}; also in ${folder} and not served: ${archives.slice(1).join(', ')}`);
  try {
    shelf.opened = await openArchive(file);
    console.log(`[tiles] serving ${file} at ${shelf.opened.archive.url}`);
    return shelf.opened.archive;
  } catch (err) {
    // Logged once per file version; the portal goes on without an archive.
    console.error(`[tiles] ${file} is not served: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

/** The archive served from `dataDir`, or null when there is none (or none that can be read). */
export async function tileArchive(dataDir: string): Promise<TileArchive | null> {
  let shelf = shelves.get(dataDir);
  if (!shelf) {
    shelf = { checkedAt: -Infinity, identity: null, opened: null, pending: null };
    shelves.set(dataDir, shelf);
  }
  if (shelf.pending) return shelf.pending;
  if (Date.now() - shelf.checkedAt < RECHECK_MS) return shelf.opened?.archive ?? null;
  const current = shelf;
  current.pending = look(dataDir, current).finally(() => {
    current.checkedAt = Date.now();
    current.pending = null;
  });
  return current.pending;
}
