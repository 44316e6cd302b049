import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { PackTileLayer } from './packTileLayer';

/**
 * The maps' tile layer (PickerMap, the live map): react-leaflet's TileLayer with the field
 * pack looked up first (docs/decisions/031-field-pack.md). Tiles are asked with CORS, as every
 * map of the portal does (docs/decisions/029-map-picker-and-live-map.md).
 */
export function PackTiles({
  url,
  attribution,
  maxZoom = 19,
  maxNativeZoom,
}: {
  url: string;
  attribution: string;
  maxZoom?: number;
  maxNativeZoom?: number;
}) {
  const map = useMap();
  useEffect(() => {
    const layer = new PackTileLayer(url, {
      attribution,
      crossOrigin: 'anonymous',
      maxZoom,
      maxNativeZoom,
    });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, url, attribution, maxZoom, maxNativeZoom]);
  return null;
}
