import { MAP_CLUSTER_CELL_PX, MAP_CLUSTER_MAX_CELLS, type ClusterFeature, type StateCounts } from '@portal/shared';

/**
 * The live map's cluster grid (docs/decisions/035-live-map-clusters-and-visits.md): when a box
 * holds more wells than one answer carries, the database counts them per cell of this grid.
 */

/** Web-map tiles are 256 pixels: at zoom z the world's 360° of longitude are 256·2^z pixels. */
const TILE_PX = 256;
/** Without the map's zoom the box is cut into this many columns. */
const DEFAULT_COLUMNS = 8;

/**
 * A cell's size in degrees: MAP_CLUSTER_CELL_PX square on the screen at the map's zoom, never
 * smaller than the box cut into MAP_CLUSTER_MAX_CELLS on a side (a wrong or huge zoom cannot make
 * the answer a million cells). The grid is anchored at 0°, not at the box, so a cell stays where
 * it is while the map pans and a cluster does not jump; its height uses the cosine of the box's
 * whole-degree latitude for the same reason (Mercator's pixels are that much shorter in latitude).
 */
export function clusterCell(
  bbox: readonly [number, number, number, number],
  zoom: number | undefined,
): { lon: number; lat: number } {
  const [west, south, east, north] = bbox;
  const cos = Math.cos((Math.round((south + north) / 2) * Math.PI) / 180);
  const byZoom =
    zoom === undefined ? (east - west) / DEFAULT_COLUMNS : (MAP_CLUSTER_CELL_PX * 360) / (TILE_PX * 2 ** zoom);
  const lon = Math.max(byZoom, (east - west) / MAP_CLUSTER_MAX_CELLS, (north - south) / MAP_CLUSTER_MAX_CELLS / cos);
  return { lon, lat: lon * cos };
}

/** Six decimals are about 10 cm: enough for a centroid, and a smaller answer. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export interface ClusterRow {
  cx: number;
  cy: number;
  count: number;
  /** [longitude, latitude] */
  centroid: [number, number];
  bbox: [number, number, number, number];
  states: StateCounts;
}

/** One grid cell's counts as a GeoJSON feature (its id the cell, unique within the answer). */
export function clusterFeature(row: ClusterRow): ClusterFeature {
  return {
    type: 'Feature',
    id: `${row.cx}:${row.cy}`,
    geometry: { type: 'Point', coordinates: [round6(row.centroid[0]), round6(row.centroid[1])] },
    properties: {
      cluster: true,
      count: row.count,
      states: row.states,
      bbox: row.bbox.map(round6) as [number, number, number, number],
    },
  };
}
