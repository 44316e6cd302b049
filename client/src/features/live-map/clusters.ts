import Supercluster, { type ClusterProperties } from 'supercluster';
import {
  isCluster,
  type MapFeature,
  type StateCounts,
  type WellFeature,
  type WellFeatureProperties,
} from '@portal/shared/schemas/map';
import { DETAIL_ZOOM, type Bbox } from './wellQuery';

export { DETAIL_ZOOM };

export type MapItem =
  | {
      kind: 'cluster';
      id: string;
      latitude: number;
      longitude: number;
      count: number;
      /** The zoom a tap goes to (supercluster's), when the cluster's box is not known. */
      expansionZoom: number;
      /** The box of the cluster's wells (the server's clusters): a tap fits the map to it. */
      bbox?: Bbox;
      /** Per state, how many of its wells (the server's clusters). */
      states?: StateCounts;
    }
  | { kind: 'well'; latitude: number; longitude: number; well: WellFeatureProperties };

/**
 * What the map draws for one answer. A clustered answer (the box held more wells than one answer
 * carries; docs/decisions/035-live-map-clusters-and-visits.md) is drawn as the server's clusters.
 * Otherwise the wells are grouped here below DETAIL_ZOOM (supercluster: a k-d tree, a few
 * milliseconds for the 5,000 wells one answer may hold), so a zoomed-out phone draws tens of
 * markers rather than thousands.
 */
export function clusterIndex(features: readonly MapFeature[]) {
  const server: MapItem[] = [];
  const wells: WellFeature[] = [];
  for (const f of features) {
    if (!isCluster(f)) {
      wells.push(f);
      continue;
    }
    const [longitude, latitude] = f.geometry.coordinates;
    server.push({
      kind: 'cluster',
      id: `s${f.id}`,
      latitude,
      longitude,
      count: f.properties.count,
      expansionZoom: DETAIL_ZOOM,
      bbox: f.properties.bbox,
      states: f.properties.states,
    });
  }
  const index = new Supercluster<WellFeatureProperties>({ radius: 56, maxZoom: DETAIL_ZOOM - 1 });
  index.load(wells);
  return (bbox: Bbox, zoom: number): MapItem[] => [
    ...server,
    ...index.getClusters([bbox[0], bbox[1], bbox[2], bbox[3]], Math.round(zoom)).map((f): MapItem => {
      const [longitude, latitude] = f.geometry.coordinates as [number, number];
      const props = f.properties as WellFeatureProperties | ClusterProperties;
      if ('cluster' in props && props.cluster) {
        const id = props.cluster_id;
        return {
          kind: 'cluster',
          id: `c${id}`,
          latitude,
          longitude,
          count: props.point_count,
          expansionZoom: Math.min(index.getClusterExpansionZoom(id), DETAIL_ZOOM + 1),
        };
      }
      return { kind: 'well', latitude, longitude, well: props as WellFeatureProperties };
    }),
  ];
}
