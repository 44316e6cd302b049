import { useEffect, useState } from 'react';
import type { RequestKind } from '@portal/shared/kinds/slots';
import type { MapState, WellCollection } from '@portal/shared/schemas/map';
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

/** The query the live map sends for a box and its filters (docs/decisions/028-map-and-siting.md is the API). */
export function wellsUrl(bbox: Bbox, filters: WellFilters, allStates: readonly MapState[]): string {
  const q = new URLSearchParams({ bbox: bbox.map(coord).join(',') });
  if (filters.states.length < allStates.length) q.set('states', filters.states.join(','));
  if (filters.kind) q.set('kinds', filters.kind);
  if (filters.union.trim()) q.set('union', filters.union.trim());
  return `/api/staff/map/wells?${q.toString().replace(/%2C/g, ',')}`;
}

export type WellsState = {
  data: WellCollection | null;
  loading: boolean;
  failed: boolean;
};

/**
 * The wells of the visible box. A pan or zoom waits `delayMs` for the map to settle, and a newer
 * box cancels the request of an older one (AbortController), so a phone dragging the map sends one
 * request, and an old answer never replaces a newer one. The last answer stays on screen while the
 * next one loads. With no state ticked nothing is asked: the answer would be empty.
 */
export function useWells(url: string | null, delayMs = 350): WellsState {
  const [state, setState] = useState<WellsState>({ data: null, loading: url !== null, failed: false });
  useEffect(() => {
    if (url === null) {
      setState({ data: { type: 'FeatureCollection', features: [], truncated: false }, loading: false, failed: false });
      return;
    }
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      staffApi<WellCollection>(url, { signal: abort.signal }).then(
        (data) => !abort.signal.aborted && setState({ data, loading: false, failed: false }),
        () => !abort.signal.aborted && setState((s) => ({ ...s, loading: false, failed: true })),
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [url, delayMs]);
  return state;
}
