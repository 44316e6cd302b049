import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { writePmtiles, type WriterTile } from '../modules/tiles/pmtiles-writer.js';
import { TILES_FOLDER } from '../modules/tiles/tile-archive.js';
import { tileOf } from '../modules/tiles/tile-math.js';
import { loadFonts } from './demo-pictures.js';
import { DEMO_PLACES } from './demo-places.js';

/**
 * The demo tile archive (docs/decisions/033-tile-archive.md): DATA_DIR/tiles/demo-shibganj.pmtiles,
 * a small archive over the demo upazilas (the areas of the demo offices' wells, ./demo-places.ts;
 * the portal serves one archive for every office), so that a newcomer's maps draw without a
 * connection and a field pack has a map to copy. The file keeps its first name, so that an earlier
 * demo archive is replaced rather than counted as another. The tiles are plainly
 * synthetic: a hatched square with "নমুনা ম্যাপ / DEMO — not a map" and the tile's number, no roads or
 * rivers; a real office places an archive of its upazila instead. It never goes beside another
 * archive: the portal serves the first one by name, and a real one must not be hidden.
 *
 * `npm run demo:seed` writes it with the demo data, `npm run tiles:demo` on its own. Each zoom's
 * square is drawn once; a tile is that square with its number set from digit sprites, so the 1,300
 * tiles of zooms 10–15 over the three upazilas cost one PNG encoding each instead of an SVG drawing
 * each (docs/decisions/053).
 */
export const DEMO_TILES_NAME = 'demo-shibganj.pmtiles';
/** West, south, east, north around each demo office's wells. */
export const DEMO_TILES_AREAS: readonly [number, number, number, number][] = DEMO_PLACES.map((p) => p.tiles);
export const DEMO_TILES_ZOOMS = { min: 10, max: 15 };
const ZOOM_COLOURS = ['#eef6ee', '#eef2f8', '#f8f4e8', '#f6eef4', '#eef6f6', '#f4f4ee'];
const SIZE = 256;

function square(fill: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
  <defs><pattern id="h" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <line x1="0" y1="0" x2="0" y2="16" stroke="#d8dcd8" stroke-width="2"/></pattern></defs>
  <rect width="256" height="256" fill="${fill}"/><rect width="256" height="256" fill="url(#h)"/>
  <rect x="0.5" y="0.5" width="255" height="255" fill="none" stroke="#9aa59a"/>
  <g font-family="Noto Sans Bengali, Noto Sans, sans-serif" text-anchor="middle" fill="#6b7280">
    <text x="128" y="112" font-size="22">নমুনা ম্যাপ</text>
    <text x="128" y="140" font-size="18">DEMO — not a map</text>
  </g></svg>`;
}

/** The characters of a tile number, each drawn once in a cell of its own. */
const GLYPHS = '0123456789/';
const CELL = { w: 10, h: 20, advance: 8.5, baseline: 166 - 15 };

async function glyphSprites(): Promise<{ data: Buffer; width: number }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${GLYPHS.length * CELL.w}" height="${CELL.h}">
    <g font-family="Noto Sans, sans-serif" font-size="14" fill="#6b7280" text-anchor="middle">
    ${[...GLYPHS].map((c, i) => `<text x="${i * CELL.w + CELL.w / 2}" y="15">${c}</text>`).join('')}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/** The zoom's square with "z/x/y" blended in under the two lines of text, centred. */
function withNumber(base: Buffer, sprites: { data: Buffer; width: number }, label: string): Buffer {
  const out = Buffer.from(base);
  const x0 = Math.round(SIZE / 2 - (label.length * CELL.advance) / 2);
  for (let k = 0; k < label.length; k++) {
    const g = GLYPHS.indexOf(label[k]!);
    const left = Math.round(x0 + k * CELL.advance);
    for (let y = 0; y < CELL.h; y++) {
      for (let x = 0; x < CELL.w; x++) {
        const si = (y * sprites.width + g * CELL.w + x) * 4;
        const a = sprites.data[si + 3]! / 255;
        if (a === 0) continue;
        const di = ((CELL.baseline + y) * SIZE + left + x) * 3;
        for (let c = 0; c < 3; c++) out[di + c] = Math.round(out[di + c]! * (1 - a) + sprites.data[si + c]! * a);
      }
    }
  }
  return out;
}

export interface DemoTilesResult {
  /** The archive's path, or null when another archive is there and none was written. */
  file: string | null;
  /** The other archives in the folder (why none was written). */
  others: string[];
  tiles: number;
  bytes: number;
  ms: number;
}

/** The other archives in dataDir/tiles: the demo archive never goes beside one. */
function otherArchives(dataDir: string): string[] {
  const folder = path.join(dataDir, TILES_FOLDER);
  return fs.existsSync(folder)
    ? fs.readdirSync(folder).filter((n) => n.toLowerCase().endsWith('.pmtiles') && n !== DEMO_TILES_NAME)
    : [];
}

/** Draws the demo archive in memory (about 3 MB). `zooms` narrows the levels (the tests draw two). */
export async function drawDemoTiles(
  opts: { zooms?: { min: number; max: number } } = {},
): Promise<{ archive: Uint8Array; tiles: number }> {
  const zooms = opts.zooms ?? DEMO_TILES_ZOOMS;
  await loadFonts();
  const sprites = await glyphSprites();
  const raw = { raw: { width: SIZE, height: SIZE, channels: 3 as const } };
  const tiles: WriterTile[] = [];
  for (let z = zooms.min; z <= zooms.max; z++) {
    const fill = ZOOM_COLOURS[(z - DEMO_TILES_ZOOMS.min) % ZOOM_COLOURS.length]!;
    const base = await sharp(Buffer.from(square(fill)))
      .removeAlpha()
      .raw()
      .toBuffer();
    const cells = new Map<string, { x: number; y: number }>();
    for (const [w, s, e, n] of DEMO_TILES_AREAS) {
      const nw = tileOf(n, w, z);
      const se = tileOf(s, e, z);
      for (let x = nw.x; x <= se.x; x++) for (let y = nw.y; y <= se.y; y++) cells.set(`${x}/${y}`, { x, y });
    }
    const list = [...cells.values()];
    // Two at a time: sharp encodes on its threads while the next numbers are set, and the other
    // threads stay free for the demo seed's uploads, which wait on them.
    for (let i = 0; i < list.length; i += 2) {
      const batch = list.slice(i, i + 2);
      const pngs = await Promise.all(
        batch.map(({ x, y }) =>
          sharp(withNumber(base, sprites, `${z}/${x}/${y}`), raw)
            // Plain PNG: a palette's quantising cost more than the rest of the tile, for 1.5 KB less.
            .png({ compressionLevel: 9 })
            .toBuffer(),
        ),
      );
      batch.forEach(({ x, y }, k) => tiles.push({ z, x, y, data: new Uint8Array(pngs[k]!) }));
    }
  }
  // The header's bounds hold every area; the tiles between them are simply absent.
  const bounds: [number, number, number, number] = [
    Math.min(...DEMO_TILES_AREAS.map((a) => a[0])),
    Math.min(...DEMO_TILES_AREAS.map((a) => a[1])),
    Math.max(...DEMO_TILES_AREAS.map((a) => a[2])),
    Math.max(...DEMO_TILES_AREAS.map((a) => a[3])),
  ];
  const archive = writePmtiles(tiles, {
    tileType: 'png',
    bounds,
    metadata: {
      name: `Demo upazilas: ${DEMO_PLACES.map((p) => p.upazilaEn).join(', ')} (synthetic)`,
      description: 'Generated demo tiles for trying the field pack; not a map.',
      attribution: 'নমুনা টাইল — আসল মানচিত্র নয় (synthetic demo tiles)',
    },
  });
  return { archive, tiles: tiles.length };
}

/**
 * Places a drawn archive in dataDir/tiles, replacing an earlier demo archive; places nothing when
 * another archive is there.
 */
export function placeDemoTiles(
  dataDir: string,
  drawn: { archive: Uint8Array; tiles: number },
  started = Date.now(),
): DemoTilesResult {
  const others = otherArchives(dataDir);
  if (others.length) return { file: null, others, tiles: 0, bytes: 0, ms: Date.now() - started };
  const folder = path.join(dataDir, TILES_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, DEMO_TILES_NAME);
  // Written beside and renamed: a running portal never reads half an archive.
  fs.writeFileSync(`${file}.part`, drawn.archive);
  fs.renameSync(`${file}.part`, file);
  return { file, others: [], tiles: drawn.tiles, bytes: drawn.archive.byteLength, ms: Date.now() - started };
}

/** Draws and places the demo archive (`npm run tiles:demo`); draws nothing when another archive is there. */
export async function writeDemoTiles(
  dataDir: string,
  opts: { zooms?: { min: number; max: number } } = {},
): Promise<DemoTilesResult> {
  const started = Date.now();
  const others = otherArchives(dataDir);
  if (others.length) return { file: null, others, tiles: 0, bytes: 0, ms: Date.now() - started };
  return placeDemoTiles(dataDir, await drawDemoTiles(opts), started);
}
