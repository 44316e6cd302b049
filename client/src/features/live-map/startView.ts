import { useEffect, useState } from 'react';
import { boxAround, insideBangladesh, type LatLng } from '@portal/shared/geo/geo';
import type { MapExtent } from '@portal/shared/schemas/map';
import { staffApi } from '../staff/staffApi';
import { isUsableBbox, type Bbox } from './wellQuery';

/**
 * Where the live map opens (docs/decisions/035-live-map-clusters-and-visits.md): the view this
 * browser left it at; else the extent of the wells the server knows (GET /api/staff/map/extent), so
 * a new office sees its wells rather than the default position of the settings; else, with no
 * wells or no answer, the office.
 */
export type StartView =
  { kind: 'view'; center: [number, number]; zoom: number; bbox: Bbox } | { kind: 'fit'; bbox: Bbox };

const KEY = 'liveMap.view';
/** The box asked around the office before the map has measured itself: about an upazila. */
const OFFICE_BOX_M = 6000;
export const OFFICE_ZOOM = 12;
const COUNTRY: StartView = { kind: 'view', center: [23.7, 90.35], zoom: 7, bbox: [87.9, 20.3, 92.8, 26.8] };

/** The view the map was left at, if it is one (a damaged or foreign entry is ignored). */
export function rememberedView(): StartView | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<{
      center: [number, number];
      zoom: number;
      bbox: [number, number, number, number];
    }> | null;
    if (!v || !Array.isArray(v.center) || !Array.isArray(v.bbox) || typeof v.zoom !== 'number') return null;
    const [lat, lng] = v.center;
    if (typeof lat !== 'number' || typeof lng !== 'number' || !insideBangladesh({ latitude: lat, longitude: lng }))
      return null;
    if (v.bbox.length !== 4 || !isUsableBbox(v.bbox) || !Number.isFinite(v.zoom)) return null;
    return { kind: 'view', center: [lat, lng], zoom: v.zoom, bbox: v.bbox };
  } catch {
    return null;
  }
}

export function rememberView(center: [number, number], zoom: number, bbox: Bbox): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ center, zoom, bbox }));
  } catch {
    /* no storage (private mode, quota): the map opens on the wells next time */
  }
}

function officeView(office: LatLng | null): StartView {
  if (!office) return COUNTRY;
  return {
    kind: 'view',
    center: [office.latitude, office.longitude],
    zoom: OFFICE_ZOOM,
    bbox: boxAround(office, OFFICE_BOX_M),
  };
}

/**
 * The start view, or undefined while it is being found out. `office` is null until the site
 * settings are there (or when they cannot be had); `settingsReady` says they are settled.
 */
export function useStartView(office: LatLng | null, settingsReady: boolean): StartView | undefined {
  const [remembered] = useState(rememberedView);
  const [extent, setExtent] = useState<MapExtent | 'failed' | null>(null);
  useEffect(() => {
    if (remembered) return;
    let live = true;
    const abort = new AbortController();
    // A slow network opens the map on the office rather than keeping it closed.
    const timer = setTimeout(() => abort.abort(), 10_000);
    staffApi<MapExtent>('/api/staff/map/extent', { signal: abort.signal }).then(
      (e) => live && setExtent(e),
      () => live && setExtent('failed'),
    );
    return () => {
      live = false;
      clearTimeout(timer);
      abort.abort();
    };
  }, [remembered]);
  if (remembered) return remembered;
  if (extent === null) return undefined;
  if (extent !== 'failed' && extent.bbox) return { kind: 'fit', bbox: extent.bbox };
  return settingsReady ? officeView(office) : undefined;
}
