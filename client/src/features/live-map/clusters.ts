import Supercluster, { type ClusterProperties } from 'supercluster';
import type { WellFeature, WellFeatureProperties } from '@portal/shared/schemas/map';
import { DETAIL_ZOOM, type Bbox } from './wellQuery';

export { DETAIL_ZOOM };

export type MapItem =
  | { kind: 'cluster'; id: number; latitude: number; longitude: number; count: number; expansionZoom: number }
  | { kind: 'well'; latitude: number; longitude: number; well: WellFeatureProperties };

/**
 * Groups the wells of the answer into clusters below DETAIL_ZOOM (supercluster: a k-d tree, a few
 * milliseconds for the 5,000 wells one answer may hold), so a zoomed-out phone draws tens of
 * markers rather than thousands.
 */
export function clusterIndex(features: readonly WellFeature[]) {
  const index = new Supercluster<WellFeatureProperties>({ radius: 56, maxZoom: DETAIL_ZOOM - 1 });
  index.load(features as WellFeature[]);
  return (bbox: Bbox, zoom: number): MapItem[] =>
    index.getClusters([bbox[0], bbox[1], bbox[2], bbox[3]], Math.round(zoom)).map((f) => {
      const [longitude, latitude] = f.geometry.coordinates as [number, number];
      const props = f.properties as WellFeatureProperties | ClusterProperties;
      if ('cluster' in props && props.cluster) {
        const id = props.cluster_id;
        return {
          kind: 'cluster',
          id,
          latitude,
          longitude,
          count: props.point_count,
          expansionZoom: Math.min(index.getClusterExpansionZoom(id), DETAIL_ZOOM + 1),
        };
      }
      return { kind: 'well', latitude, longitude, well: props as WellFeatureProperties };
    });
}
