import type { PublicSettings } from '@portal/shared';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, isTileUrl } from '@portal/shared/geo/tiles';
import { usePublicSettings } from '../../offline/cached';

export interface TileOptions {
  url: string;
  /** HTML for Leaflet's attribution control: the Admin's text, escaped, so it can only be text. */
  attribution: string;
  /**
   * The deepest level the source holds (the portal's archive says; a web source holds them all):
   * past it the map draws that level larger (Leaflet's maxNativeZoom) instead of asking for tiles
   * that are not there, which left the map blank at its opening zoom, online and in a field pack.
   */
  maxNativeZoom?: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The tile source of every map, from the public site settings (docs/decisions/029-map-picker-and-live-map.md).
 * The portal's own tile archive first, when the server says the maps browse it (decision 033).
 * A phone that kept settings from before the fields existed, or has none yet, draws OpenStreetMap.
 */
export function tileOptions(settings: Partial<PublicSettings> | undefined): TileOptions {
  const archive = settings?.mapTileArchive;
  if (archive && isTileUrl(archive.url))
    return { url: archive.url, attribution: escapeHtml(archive.attribution), maxNativeZoom: archive.maxZoom };
  const url = settings?.mapTileUrl && isTileUrl(settings.mapTileUrl) ? settings.mapTileUrl : DEFAULT_TILE_URL;
  return { url, attribution: escapeHtml(settings?.mapTileAttribution?.trim() || DEFAULT_TILE_ATTRIBUTION) };
}

export function useMapSettings() {
  const { data } = usePublicSettings();
  return {
    tiles: tileOptions(data),
    office: data ? { latitude: data.officeLatitude, longitude: data.officeLongitude } : null,
  };
}
