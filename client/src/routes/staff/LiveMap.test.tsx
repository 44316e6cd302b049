import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { boxAround } from '@portal/shared/geo/geo';
import { MAP_STATES, type WellCollection } from '@portal/shared/schemas/map';
import type { Me } from '@portal/shared/schemas/auth';
import { LocaleProvider } from '../../i18n/locale';
import { resetMeForTests } from '../../features/staff/useMe';
import LiveMap from './LiveMap';

/**
 * /admin-page/live-map (docs/decisions/029-map-picker-and-live-map.md) against a stand-in of
 * GET /api/staff/map/wells in the shape of shared/src/schemas/map.ts. jsdom lays the map out with
 * no size, so the first box asked is the one around the office; Leaflet's own moves are not
 * tested here.
 */
const OFFICE = { latitude: 23.8103, longitude: 90.4125 };
const me: Me = { id: 3, email: 'badc@example.org', role: 'BADC', mustChangePassword: false };
const asked: URL[] = [];
const signals: (AbortSignal | undefined)[] = [];
let truncated = true;
/** When set, the wells answer waits for this promise (a slow network). */
let hold: Promise<void> | null = null;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  resetMeForTests();
  truncated = true;
  hold = null;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === '/api/auth/me') return json(me);
    if (path === '/api/public/settings')
      return json({ websiteTitle: 'সেচ', officeLatitude: OFFICE.latitude, officeLongitude: OFFICE.longitude });
    if (path === '/api/public/localities')
      return json({ unions: [{ id: 4, kind: 'union', name: 'আমিনবাজার' }], posts: [] });
    if (path.startsWith('/api/staff/map/wells?')) {
      asked.push(new URL(path, 'http://portal.test'));
      signals.push(init.signal ?? undefined);
      const wasTruncated = truncated;
      if (hold) await hold;
      const answer: WellCollection = {
        type: 'FeatureCollection',
        truncated: wasTruncated,
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [90.41, 23.81] },
            properties: {
              applicationId: 'a1',
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
          },
        ],
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
const last = () => asked[asked.length - 1]!;

describe('the live map', () => {
  it('asks for the wells of the box around the office, shows the legend and says when the answer was cut', async () => {
    open();
    expect(await screen.findByText(bn['map.live.truncated'])).toBeTruthy();
    const [w, s, e, n] = last().searchParams.get('bbox')!.split(',').map(Number);
    const box = boxAround(OFFICE, 6000);
    expect(w).toBeCloseTo(box[0], 4);
    expect(s).toBeCloseTo(box[1], 4);
    expect(e).toBeCloseTo(box[2], 4);
    expect(n).toBeCloseTo(box[3], 4);
    // Every state ticked: no state filter is sent.
    expect(last().searchParams.has('states')).toBe(false);
    expect(screen.getByText(bn['map.live.legend'])).toBeTruthy();
    for (const state of MAP_STATES) expect(screen.getByLabelText(bn[`map.state.${state}`])).toBeTruthy();
    expect(screen.getByText(bn['map.live.count'].replace('{count}', '১'))).toBeTruthy();
  });

  it('has no notice when every well of the box came', async () => {
    truncated = false;
    open();
    expect(await screen.findByText(bn['map.live.count'].replace('{count}', '১'))).toBeTruthy();
    expect(screen.queryByText(bn['map.live.truncated'])).toBeNull();
  });

  it('sends the filters: states, kind and union, one request once the choice settles', async () => {
    open();
    await waitFor(() => expect(asked).toHaveLength(1));

    fireEvent.click(screen.getByLabelText(bn['map.state.declined']));
    fireEvent.click(screen.getByLabelText(bn['map.state.expired']));
    await waitFor(() => expect(last().searchParams.get('states')).toBe('pending,approved,testing,active,suspended'));
    // Two clicks in quick succession: only the settled choice was asked.
    expect(asked).toHaveLength(2);

    fireEvent.change(screen.getByLabelText(bn['map.live.kind']), { target: { value: 'Renew' } });
    await waitFor(() => expect(last().searchParams.get('kinds')).toBe('Renew'));

    fireEvent.change(await screen.findByLabelText(bn['map.live.union']), { target: { value: 'আমিনবাজার' } });
    await waitFor(() => expect(last().searchParams.get('union')).toBe('আমিনবাজার'));
    expect(last().searchParams.get('states')).toBe('pending,approved,testing,active,suspended');
    expect(last().searchParams.get('bbox')).toBe(asked[0]!.searchParams.get('bbox'));
  });

  it('asks nothing when no state is ticked', async () => {
    open();
    await waitFor(() => expect(asked).toHaveLength(1));
    for (const state of MAP_STATES) fireEvent.click(screen.getByLabelText(bn[`map.state.${state}`]));
    expect(await screen.findByText(bn['map.live.count'].replace('{count}', '০'))).toBeTruthy();
    await new Promise((r) => setTimeout(r, 500));
    expect(asked).toHaveLength(1);
  });

  it('cancels a request a newer box or filter superseded, and never shows its late answer', async () => {
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    truncated = true;
    open();
    await waitFor(() => expect(asked).toHaveLength(1));
    // The slow first answer (cut) is still on its way when the kind changes.
    hold = null;
    truncated = false;
    fireEvent.change(screen.getByLabelText(bn['map.live.kind']), { target: { value: 'Existing' } });
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(signals[0]!.aborted).toBe(true);
    expect(await screen.findByText(bn['map.live.count'].replace('{count}', '১'))).toBeTruthy();
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(bn['map.live.truncated'])).toBeNull();
  });
});
