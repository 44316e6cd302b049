import { loadConfig } from '../platform/config.js';
import { DEMO_TILES_ZOOMS, writeDemoTiles } from './demo-tiles.js';

/**
 * `npm run tiles:demo`: writes DATA_DIR/tiles/demo-shibganj.pmtiles, the synthetic tile archive of
 * the demo upazila (./demo-tiles.ts; `npm run demo:seed` writes it too), so that a newcomer's maps
 * and field packs have a map without a connection (docs/decisions/033-tile-archive.md). It never
 * replaces another archive: the portal serves the first one by name.
 */
const config = loadConfig();
const result = await writeDemoTiles(config.dataDir);
if (!result.file) {
  console.error(
    `${config.dataDir}/tiles already holds ${result.others.join(', ')}: the demo archive is not written over a real one.`,
  );
  process.exit(1);
}
console.log(
  `${result.file}: ${result.tiles} tiles, zoom ${DEMO_TILES_ZOOMS.min}–${DEMO_TILES_ZOOMS.max}, ${(result.bytes / 1024).toFixed(0)} KiB, ${result.ms} ms. ` +
    'The portal serves it at /tiles/{z}/{x}/{y}.png within half a minute.',
);
