import { TileLayer } from 'react-leaflet';
import type { TileOptions } from './tiles';

/**
 * The tile layer of the maps that need no field pack (/lh-map, /geo-db): the site's tiles, asked
 * with CORS as every map of the portal does, drawn larger past the archive's deepest level
 * (`maxNativeZoom`, tiles.ts). The staff maps use PackTiles, which looks in the field pack first.
 */
export function SiteTileLayer({ tiles }: { tiles: TileOptions }) {
  return (
    <TileLayer
      url={tiles.url}
      attribution={tiles.attribution}
      crossOrigin="anonymous"
      maxZoom={19}
      maxNativeZoom={tiles.maxNativeZoom}
    />
  );
}
