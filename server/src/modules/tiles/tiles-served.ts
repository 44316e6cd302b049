import { type SiteSettings, type TilesInfo } from '@portal/shared';
import { DEFAULT_TILE_URL } from '@portal/shared/geo/tiles';
import type { TileArchive } from './tile-archive.js';

/**
 * Which tiles the maps browse and whether a field pack may copy them (docs/decisions/033-tile-archive.md).
 * One rule for the public settings and for tiles-info, so a pack copies exactly the addresses a map
 * asks for when it is offline.
 */

/** Zooms told for a tile server that does not say its own: Leaflet's maps here go to 19. */
const SERVER_ZOOMS = { minZoom: 0, maxZoom: 19 };

/** OpenStreetMap's public servers forbid copying tiles for offline use, whatever the Admin ticked. */
const NEVER_PACKABLE = /^https:\/\/([a-z0-9-]+\.)*tile\.openstreetmap\.org\//i;

/** The archive the maps browse: served, and the Admin kept the default tile address. */
export function browsedArchive(settings: SiteSettings, archive: TileArchive | null): TileArchive | null {
  return archive && settings.mapTileUrl === DEFAULT_TILE_URL ? archive : null;
}

export function tilesInfo(settings: SiteSettings, archive: TileArchive | null): TilesInfo {
  const browsed = browsedArchive(settings, archive);
  // The Admin may also have typed the archive's own path as the tile address.
  const fromArchive = browsed ?? (archive && settings.mapTileUrl === archive.url ? archive : null);
  if (fromArchive) {
    return {
      packable: true,
      url: fromArchive.url,
      minZoom: fromArchive.minZoom,
      maxZoom: fromArchive.maxZoom,
      bounds: fromArchive.bounds,
      attribution: fromArchive.attribution ?? settings.mapTileAttribution,
    };
  }
  const url = settings.mapTileUrl;
  const sameOrigin = url.startsWith('/') && !url.startsWith('//');
  const packable = sameOrigin || (settings.mapTilesPackable && !NEVER_PACKABLE.test(url));
  return {
    packable,
    url: packable ? url : null,
    ...SERVER_ZOOMS,
    bounds: null,
    attribution: settings.mapTileAttribution,
  };
}
