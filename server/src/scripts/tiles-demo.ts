import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../config.js';
import { writePmtiles, type WriterTile } from '../tiles/pmtiles-writer.js';
import { TILES_FOLDER } from '../tiles/tile-archive.js';
import { tileOf } from '../tiles/tile-math.js';

/**
 * `npm run tiles:demo`: writes DATA_DIR/tiles/demo-shibganj.pmtiles, a small tile archive over the demo
 * upazila (the area of `npm run demo:seed`'s wells), so that a newcomer's field pack has a map to copy
 * (docs/decisions/033-tile-archive.md). The tiles are plainly synthetic: a grid with "নমুনা / DEMO"
 * and the tile's number, no roads or rivers; a real office places an archive of its upazila instead.
 * It never replaces another archive: the portal serves the first one by name.
 */
const NAME = 'demo-shibganj.pmtiles';
/** West, south, east, north around Shibganj (demo-seed.ts puts its wells around 24.68 N, 88.16 E). */
const BOUNDS: [number, number, number, number] = [88.05, 24.58, 88.27, 24.78];
const ZOOMS = { min: 10, max: 15 };
const ZOOM_COLOURS = ['#eef6ee', '#eef2f8', '#f8f4e8', '#f6eef4', '#eef6f6', '#f4f4ee'];

function svg(z: number, x: number, y: number): string {
  const fill = ZOOM_COLOURS[(z - ZOOMS.min) % ZOOM_COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <defs><pattern id="h" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <line x1="0" y1="0" x2="0" y2="16" stroke="#d8dcd8" stroke-width="2"/></pattern></defs>
  <rect width="256" height="256" fill="${fill}"/><rect width="256" height="256" fill="url(#h)"/>
  <rect x="0.5" y="0.5" width="255" height="255" fill="none" stroke="#9aa59a"/>
  <g font-family="Noto Sans Bengali, Noto Sans, sans-serif" text-anchor="middle" fill="#6b7280">
    <text x="128" y="112" font-size="22">নমুনা ম্যাপ</text>
    <text x="128" y="140" font-size="18">DEMO — not a map</text>
    <text x="128" y="166" font-size="14">${z}/${x}/${y}</text>
  </g></svg>`;
}

const config = loadConfig();
const folder = path.join(config.dataDir, TILES_FOLDER);
const others = fs.existsSync(folder)
  ? fs.readdirSync(folder).filter((n) => n.toLowerCase().endsWith('.pmtiles') && n !== NAME)
  : [];
if (others.length) {
  console.error(`${folder} already holds ${others.join(', ')}: the demo archive is not written over a real one.`);
  process.exit(1);
}

const tiles: WriterTile[] = [];
const started = Date.now();
for (let z = ZOOMS.min; z <= ZOOMS.max; z++) {
  const [w, s, e, n] = BOUNDS;
  const nw = tileOf(n, w, z);
  const se = tileOf(s, e, z);
  for (let x = nw.x; x <= se.x; x++) {
    for (let y = nw.y; y <= se.y; y++) {
      tiles.push({
        z,
        x,
        y,
        data: await sharp(Buffer.from(svg(z, x, y)))
          .png({ palette: true })
          .toBuffer(),
      });
    }
  }
}
const archive = writePmtiles(tiles, {
  tileType: 'png',
  bounds: BOUNDS,
  metadata: {
    name: 'Shibganj demo (synthetic)',
    description: 'Generated demo tiles for trying the field pack; not a map.',
    attribution: 'নমুনা টাইল — আসল মানচিত্র নয় (synthetic demo tiles)',
  },
});
fs.mkdirSync(folder, { recursive: true });
const file = path.join(folder, NAME);
fs.writeFileSync(file, archive);
console.log(
  `${file}: ${tiles.length} tiles, zoom ${ZOOMS.min}–${ZOOMS.max}, ${(archive.byteLength / 1024).toFixed(0)} KiB, ${Date.now() - started} ms. ` +
    'The portal serves it at /tiles/{z}/{x}/{y}.png within half a minute.',
);
