import { useEffect, useState } from 'react';
import type { RequestKind } from '@portal/shared/kinds/slots';
import {
  isCluster,
  MAP_MAX_ZOOM,
  type MapFeature,
  type MapState,
  type WellCollection,
} from '@portal/shared/schemas/map';
import { staffApi } from '../staff/staffApi';

/** From this zoom on every well is its own dot, and command areas (a few hundred metres) are drawn. */
export const DETAIL_ZOOM = 15;

/** west, south, east, north in degrees, the order of GET /api/staff/map/wells?bbox= */
export type Bbox = readonly [number, number, number, number];

export interface WellFilters {
  /** The states to show; every state when all are ticked. */
  states: readonly MapState[];
  kind: RequestKind | '';
  union: string;
}

/** 5 decimals are about a metre: enough for a box, and equal boxes make equal URLs. */
const coord = (n: number) => String(Number(n.toFixed(5)));

export function isUsableBbox(b: Bbox): boolean {
  const [w, s, e, n] = b;
  return [w, s, e, n].every(Number.isFinite) && w < e && s < n;
}

/** The bbox parameter: four numbers, comma-separated, commas left as they are. */
export const bboxParam = (bbox: Bbox) => bbox.map(coord).join(',');

/**
 * The query the live map sends for a box, its zoom and its filters (docs/decisions/028-map-and-siting.md
 * is the API; the zoom sizes the server's cluster grid, 035-live-map-clusters-and-visits.md).
 */
export function wellsUrl(
  bbox: Bbox,
  filters: WellFilters,
  allStates: readonly MapState[],
  zoom?: number | null,
  /** The area map asks its own route with the same query (docs/decisions/057-offices.md). */
  path = '/api/staff/map/wells',
): string {
  const q = new URLSearchParams({ bbox: bboxParam(bbox) });
  if (zoom !== undefined && zoom !== null && Number.isFinite(zoom))
    q.set('zoom', String(Math.min(MAP_MAX_ZOOM, Math.max(0, Math.round(zoom)))));
  if (filters.states.length < allStates.length) q.set('states', filters.states.join(','));
  if (filters.kind) q.set('kinds', filters.kind);
  if (filters.union.trim()) q.set('union', filters.union.trim());
  return `${path}?${q.toString().replace(/%2C/g, ',')}`;
}

/**
 * How many wells an answer stands for: its wells, and every well its clusters count. Here, not in
 * clusters.ts, so the page counts without loading supercluster (the map's lazy chunk).
 */
export function wellCount(features: readonly MapFeature[]): number {
  return features.reduce((n, f) => n + (isCluster(f) ? f.properties.count : 1), 0);
}

export type LayerState<T> = {
  data: T | null;
  loading: boolean;
  failed: boolean;
};
export type WellsState = LayerState<WellCollection>;

const NO_WELLS: WellCollection = { type: 'FeatureCollection', features: [], clustered: false };

/**
 * The wells of the visible box. A pan or zoom waits `delayMs` for the map to settle, and a newer
 * box cancels the request of an older one (AbortController), so a phone dragging the map sends one
 * request, and an old answer never replaces a newer one. The last answer stays on screen while the
 * next one loads. With no state ticked (url null) nothing is asked: the answer would be empty;
 * while the first box is not known yet (url undefined) nothing is asked either, and it shows as loading.
 */
export function useWells(url: string | null | undefined, delayMs = 350): WellsState {
  return useLayer(url, NO_WELLS, delayMs);
}

/** One layer of the live map asked for the visible box (useWells' rules): the wells, or the visits. */
export function useLayer<T>(url: string | null | undefined, empty: T, delayMs = 350): LayerState<T> {
  const [state, setState] = useState<LayerState<T>>({ data: null, loading: url !== null, failed: false });
  useEffect(() => {
    if (url === undefined) {
      setState((s) => ({ ...s, loading: true }));
      return;
    }
    if (url === null) {
      setState({ data: empty, loading: false, failed: false });
      return;
    }
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      staffApi<T>(url, { signal: abort.signal }).then(
        (data) => !abort.signal.aborted && setState({ data, loading: false, failed: false }),
        () => !abort.signal.aborted && setState((s) => ({ ...s, loading: false, failed: true })),
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [url, empty, delayMs]);
  return state;
}
