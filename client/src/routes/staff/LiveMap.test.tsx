import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn, translate, type MessageKey } from '@portal/shared/i18n/index';
import { wellMarkerName } from '../../features/live-map/LiveMapCanvas';
import { boxAround } from '@portal/shared/geo/geo';
import {
  MAP_STATES,
  type MapExtent,
  type MapFeature,
  type VisitCollection,
  type WellCollection,
} from '@portal/shared/schemas/map';
import type { Me } from '@portal/shared/schemas/auth';
import type { StaffRole } from '@portal/shared/constants';
import { LocaleProvider } from '../../i18n/locale';
import { resetMeForTests } from '../../features/staff/useMe';
import LiveMap from './LiveMap';

/**
 * /admin-page/live-map (docs/decisions/029-map-picker-and-live-map.md, 035-live-map-clusters-and-visits.md)
 * against a stand-in of GET /api/staff/map/{wells,extent,visits} in the shapes of
 * shared/src/schemas/map.ts. jsdom lays the map out with no size, so the first box asked is the
 * start's (the office's, the wells' extent or the remembered one) and Leaflet's own moves are not
 * seen, except where a test gives the map a size.
 */
const OFFICE = { latitude: 23.8103, longitude: 90.4125 };
let role: StaffRole = 'BADC';
const asked: URL[] = [];
const signals: (AbortSignal | undefined)[] = [];
let clustered = false;
/** What GET /api/staff/map/extent answers; null: it fails (offline). */
let extent: MapExtent | null = { bbox: null, count: 0 };
let extentAsked = 0;
/** When set, the wells answer waits for this promise (a slow network). */
let hold: Promise<void> | null = null;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const WELL: MapFeature = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [90.41, 23.81] },
  properties: {
    applicationId: 'a1',
    officeId: 1,
    kind: 'New',
    state: 'active',
    applicationNumber: 7,
    licenceId: 'l1',
    licenceNumber: 3,
    name: 'রহিম উদ্দিন',
    union: 'আমিনবাজার',
    wellSize: '',
    radiusM: 100,
  },
};
const CLUSTER: MapFeature = {
  type: 'Feature',
  id: '1:2',
  geometry: { type: 'Point', coordinates: [90.42, 23.82] },
  properties: {
    cluster: true,
    count: 1234,
    states: { pending: 1000, approved: 0, testing: 0, active: 234, expired: 0, suspended: 0, declined: 0 },
    bbox: [90.41, 23.81, 90.43, 23.83],
  },
};
const VISIT_APPLICATION = '6f1d8a52-3a5b-4d8e-9d7e-0a1b2c3d4e5f';
const VISITS: VisitCollection = {
  type: 'FeatureCollection',
  truncated: false,
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [90.415, 23.815] },
      properties: {
        visitId: 'v1',
        applicationId: VISIT_APPLICATION,
        applicationNumber: 42,
        kind: 'New',
        declined: false,
        officerEmail: 'inspector@badc.example',
        visitedAt: '2026-11-20T04:30:00.000Z',
        decision: 'inspect',
        accuracyM: 8,
        photoCount: 2,
        complete: true,
      },
    },
  ],
};

beforeEach(() => {
  localStorage.clear();
  resetMeForTests();
  role = 'BADC';
  clustered = false;
  extent = { bbox: null, count: 0 };
  extentAsked = 0;
  hold = null;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/me') return json({ id: 3, email: 'x@example.org', role, mustChangePassword: false } as Me);
    if (path === '/api/public/settings')
      return json({ websiteTitle: 'সেচ', officeLatitude: OFFICE.latitude, officeLongitude: OFFICE.longitude });
    if (path === '/api/public/localities')
      return json({ unions: [{ id: 4, kind: 'union', name: 'আমিনবাজার' }], posts: [] });
    if (path === '/api/staff/map/extent') {
      extentAsked += 1;
      if (!extent) throw new TypeError('Failed to fetch');
      return json(extent);
    }
    if (path.startsWith('/api/staff/map/wells?') || path.startsWith('/api/staff/map/visits?')) {
      asked.push(new URL(path, 'http://portal.test'));
      signals.push(init.signal ?? undefined);
      if (path.startsWith('/api/staff/map/visits?')) return json(VISITS);
      const wasClustered = clustered;
      if (hold) await hold;
      const answer: WellCollection = {
        type: 'FeatureCollection',
        clustered: wasClustered,
        features: wasClustered ? [CLUSTER] : [WELL],
      };
      return json(answer);
    }
    throw new TypeError('Failed to fetch');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  asked.length = 0;
  signals.length = 0;
});

function open() {
  render(
    <LocaleProvider>
      <MemoryRouter>
        <LiveMap />
      </MemoryRouter>
    </LocaleProvider>,
  );
}
const wellAsks = () => asked.filter((u) => u.pathname === '/api/staff/map/wells');
const last = () => wellAsks()[wellAsks().length - 1]!;
const boxOf = (u: URL) => u.searchParams.get('bbox')!.split(',').map(Number) as [number, number, number, number];
const count = (n: string) => bn['map.live.count'].replace('{count}', n);

describe('the live map', () => {
  it('with no wells known, asks for the box around the office and shows the legend', async () => {
    open();
    expect(await screen.findByText(count('১'))).toBeTruthy();
    expect(extentAsked).toBe(1);
    const [w, s, e, n] = boxOf(last());
    const box = boxAround(OFFICE, 6000);
    expect(w).toBeCloseTo(box[0], 4);
    expect(s).toBeCloseTo(box[1], 4);
    expect(e).toBeCloseTo(box[2], 4);
    expect(n).toBeCloseTo(box[3], 4);
    expect(last().searchParams.get('zoom')).toBe('12');
    // Every state ticked: no state filter is sent.
    expect(last().searchParams.has('states')).toBe(false);
    expect(screen.getByText(bn['map.live.legend'])).toBeTruthy();
    for (const state of MAP_STATES) expect(screen.getByLabelText(bn[`map.state.${state}`])).toBeTruthy();
    expect(screen.queryByText(bn['map.live.clustered'])).toBeNull();
  });

  it('opens on the extent of the wells the server knows, not on the office', async () => {
    extent = { bbox: [88.1, 24.6, 88.4, 24.9], count: 120 };
    open();
    await waitFor(() => expect(wellAsks()).toHaveLength(1));
    expect(boxOf(last())).toEqual([88.1, 24.6, 88.4, 24.9]);
    // The zoom is the map's to find when it fits the box: the server cuts its grid from the box.
    expect(last().searchParams.has('zoom')).toBe(false);
  });

  it('opens where this browser left it, without asking for the extent', async () => {
    localStorage.setItem(
      'liveMap.view',
      JSON.stringify({ center: [24.7, 88.2], zoom: 14, bbox: [88.19, 24.69, 88.21, 24.71] }),
    );
    extent = { bbox: [88.1, 24.6, 88.4, 24.9], count: 120 };
    open();
    await waitFor(() => expect(wellAsks()).toHaveLength(1));
    expect(boxOf(last())).toEqual([88.19, 24.69, 88.21, 24.71]);
    expect(last().searchParams.get('zoom')).toBe('14');
    expect(extentAsked).toBe(0);
  });

  it('opens on the office when the extent cannot be had', async () => {
    extent = null;
    open();
    await waitFor(() => expect(wellAsks()).toHaveLength(1));
    expect(boxOf(last())[0]).toBeCloseTo(boxAround(OFFICE, 6000)[0], 4);
  });

  it('draws the server’s cluster as a numbered circle, counts its wells and says they are counted together', async () => {
    clustered = true;
    open();
    expect(await screen.findByText(count('১২৩৪'))).toBeTruthy();
    expect(screen.getByText(bn['map.live.clustered'])).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.live-cluster')).not.toBeNull(), { timeout: 10_000 });
    const marker = document.querySelector<HTMLElement>('.live-cluster')!;
    expect(marker.textContent).toBe('১২৩৪');
    expect(marker.getAttribute('title')).toBe(bn['map.live.cluster'].replace('{count}', '১২৩৪'));
    // The ring shows its states in the legend's colours.
    expect(marker.innerHTML).toContain('conic-gradient');
  });

  it('names each well marker: the holder, the application number and the state its colour shows', () => {
    const t = (key: MessageKey, params?: Record<string, string | number>) => translate('bn', key, params);
    expect(wellMarkerName(WELL.properties, t, 'bn')).toBe(`রহিম উদ্দিন, আবেদন নং ৭: ${bn['map.state.active']}`);
    expect(wellMarkerName({ ...WELL.properties, name: '' }, t, 'bn')).toMatch(/^—, আবেদন নং ৭/);
  });

  it('zooms into a server cluster’s wells when it is tapped, and asks for that closer box', async () => {
    // Give the map a phone's size, so Leaflet measures a real box and follows the tap.
    const size = (px: number) => ({ configurable: true, get: () => px });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', size(390));
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', size(500));
    try {
      clustered = true;
      open();
      await waitFor(() => expect(document.querySelector('.live-cluster')).not.toBeNull(), { timeout: 10_000 });
      const before = wellAsks().length;
      const zoomBefore = Number(last().searchParams.get('zoom'));
      fireEvent.click(document.querySelector('.live-cluster')!);
      await waitFor(() => expect(wellAsks().length).toBeGreaterThan(before));
      const [w, s, e, n] = boxOf(last());
      expect(Number(last().searchParams.get('zoom'))).toBeGreaterThan(zoomBefore);
      // The cluster's box (90.41–90.43, 23.81–23.83) is in view, closer than before.
      expect(w).toBeLessThanOrEqual(90.41);
      expect(e).toBeGreaterThanOrEqual(90.43);
      expect(s).toBeLessThanOrEqual(23.81);
      expect(n).toBeGreaterThanOrEqual(23.83);
      expect(e - w).toBeLessThan(0.2);
      // And the view is remembered for the next opening.
      const kept = JSON.parse(localStorage.getItem('liveMap.view')!) as { zoom: number; bbox: number[] };
      expect(kept.zoom).toBe(Number(last().searchParams.get('zoom')));
    } finally {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
    }
  });

  it('sends the filters: states, kind and union, one request once the choice settles', async () => {
    open();
    await waitFor(() => expect(wellAsks()).toHaveLength(1));

    fireEvent.click(screen.getByLabelText(bn['map.state.declined']));
    fireEvent.click(screen.getByLabelText(bn['map.state.expired']));
    await waitFor(() => expect(last().searchParams.get('states')).toBe('pending,approved,testing,active,suspended'));
    // Two clicks in quick succession: only the settled choice was asked.
    expect(wellAsks()).toHaveLength(2);

    fireEvent.change(screen.getByLabelText(bn['map.live.kind']), { target: { value: 'Renew' } });
    await waitFor(() => expect(last().searchParams.get('kinds')).toBe('Renew'));

    fireEvent.change(await screen.findByLabelText(bn['map.live.union']), { target: { value: 'আমিনবাজার' } });
    await waitFor(() => expect(last().searchParams.get('union')).toBe('আমিনবাজার'));
    expect(last().searchParams.get('states')).toBe('pending,approved,testing,active,suspended');
    expect(last().searchParams.get('bbox')).toBe(wellAsks()[0]!.searchParams.get('bbox'));
  });

  it('asks nothing when no state is ticked', async () => {
    open();
    await waitFor(() => expect(wellAsks()).toHaveLength(1));
    for (const state of MAP_STATES) fireEvent.click(screen.getByLabelText(bn[`map.state.${state}`]));
    expect(await screen.findByText(count('০'))).toBeTruthy();
    await new Promise((r) => setTimeout(r, 500));
    expect(wellAsks()).toHaveLength(1);
  });

  it('cancels a request a newer box or filter superseded, and never shows its late answer', async () => {
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    clustered = true;
    open();
    await waitFor(() => expect(wellAsks()).toHaveLength(1));
    // The slow first answer (clustered) is still on its way when the kind changes.
    hold = null;
    clustered = false;
    fireEvent.change(screen.getByLabelText(bn['map.live.kind']), { target: { value: 'Existing' } });
    await waitFor(() => expect(wellAsks()).toHaveLength(2));
    expect(signals[0]!.aborted).toBe(true);
    expect(await screen.findByText(count('১'))).toBeTruthy();
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(bn['map.live.clustered'])).toBeNull();
  });
});

describe('the visits layer', () => {
  it('shows, when switched on, where each visit was made with its accuracy, and a popup that opens the application', async () => {
    open();
    await waitFor(() => expect(wellAsks()).toHaveLength(1));
    const toggle = await screen.findByLabelText(bn['map.visits.toggle']);
    expect(asked.some((u) => u.pathname === '/api/staff/map/visits')).toBe(false);

    fireEvent.click(toggle);
    await waitFor(() => expect(asked.some((u) => u.pathname === '/api/staff/map/visits')).toBe(true));
    const visitsAsk = asked.find((u) => u.pathname === '/api/staff/map/visits')!;
    expect(visitsAsk.searchParams.get('bbox')).toBe(wellAsks()[0]!.searchParams.get('bbox'));
    expect(await screen.findByText(bn['map.visits.count'].replace('{count}', '১'))).toBeTruthy();

    await waitFor(() => expect(document.querySelector('.live-visit')).not.toBeNull(), { timeout: 10_000 });
    const marker = document.querySelector<HTMLElement>('.live-visit')!;
    expect(marker.getAttribute('title')).toBe(bn['map.visits.title'].replace('{number}', '৪২'));
    // The accuracy circle: the one dashed circle on the map (the wells' command circles are solid).
    expect(document.querySelectorAll('.leaflet-overlay-pane path[stroke-dasharray="4 4"]')).toHaveLength(1);

    fireEvent.click(marker);
    const link = await screen.findByRole('link', { name: bn['map.visits.open'] });
    expect(link.getAttribute('href')).toBe(`/admin-page/seen-view/${VISIT_APPLICATION}`);
    expect(screen.getByText(/inspector@badc\.example/)).toBeTruthy();
    expect(screen.getByText(bn['map.visits.accuracy'].replace('{metres}', '৮'))).toBeTruthy();

    // Switched off: the layer goes, circle and all.
    fireEvent.click(toggle);
    await waitFor(() => expect(document.querySelector('.live-visit')).toBeNull());
    expect(document.querySelectorAll('.leaflet-overlay-pane path[stroke-dasharray="4 4"]')).toHaveLength(0);
  });

  it('is not offered to the Admin, who sees the map but does not read visits', async () => {
    role = 'Admin';
    open();
    await waitFor(() => expect(wellAsks()).toHaveLength(1));
    await screen.findByText(count('১'));
    expect(screen.queryByLabelText(bn['map.visits.toggle'])).toBeNull();
  });
});
