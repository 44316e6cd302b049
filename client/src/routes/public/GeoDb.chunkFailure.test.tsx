import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import GeoDb from './GeoDb';

/**
 * /geo-db when the map's chunk cannot be fetched (offline, a deploy that removed it): the grid and
 * the count still show, and the map's box says why it is empty (docs/decisions/034-geo-database-map.md).
 * The failed dynamic import is the one thing simulated here; the list is the server's answer shape.
 */
vi.mock('../../features/geo-items/GeoItemsMap', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ITEMS = [
  { id: '5b1c7a52-0f6e-4f59-8a3e-1f2d3c4b5a61', latitude: 24.693, longitude: 88.166 },
  { id: '9e8d7c6b-5a49-4382-9716-0a1b2c3d4e5f', latitude: null, longitude: null },
].map((i) => ({ ...i, gallery: 'geo', width: 1400, height: 1000, createdAt: '2026-11-24T04:00:00.000Z' }));

describe('the GEO database page without its map chunk', () => {
  it('still shows every picture, and a Bangla message in the map box', async () => {
    vi.stubGlobal('fetch', async () => Response.json(ITEMS));
    render(
      <LocaleProvider>
        <GeoDb />
      </LocaleProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(bn['geoItems.map.unavailable']);
    for (const [n, item] of [
      ['১', ITEMS[0]!],
      ['২', ITEMS[1]!],
    ] as const) {
      const img = screen.getByAltText(bn['content.geo.imageAlt'].replace('{n}', n));
      expect(img.getAttribute('src')).toBe(`/api/public/images/${item.id}?size=thumb`);
    }
    expect(screen.getByText(bn['geoItems.map.count'].replace('{n}', '১'))).toBeTruthy();
  });
});
