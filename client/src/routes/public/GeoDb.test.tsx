import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../server/src/test/harness';
import { LocaleProvider } from '../../i18n/locale';
import { newId } from '../../offline/ids';
import GeoDb from './GeoDb';

/**
 * /geo-db (docs/decisions/034-geo-database-map.md) against the real API in-process: the grid of
 * every item, and above it a map with a pin per item with a place; a tap on a pin shows the
 * photo's thumbnail, which opens the full picture. jsdom draws no tiles; Leaflet itself runs.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  vi.stubGlobal('fetch', (path: string, init?: RequestInit) => ctx.request(path, init));
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await ctx.close();
});
afterEach(cleanup);

/** A GEO item as the upload stores it (bytes as SQL: under jsdom a Buffer is not the driver's Uint8Array). */
async function storedItem(minutesAgo: number, place: { latitude: number; longitude: number } | null): Promise<string> {
  const id = newId();
  const blobId = newId();
  await sql`INSERT INTO blobs (id, bytes, mime, size, sha256)
    VALUES (${blobId}, decode('ffd8ffd9', 'hex'), 'image/jpeg', 4, ${crypto.randomBytes(32).toString('hex')})`.execute(
    ctx.db,
  );
  await ctx.db
    .insertInto('content_images')
    .values({
      id,
      gallery: 'geo',
      blob_id: blobId,
      width: 1400,
      height: 1000,
      created_at: new Date(Date.now() - minutesAgo * 60_000),
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      position_source: place ? 'typed' : null,
    })
    .execute();
  return id;
}

const alt = (n: string) => bn['content.geo.imageAlt'].replace('{n}', n);
function open() {
  render(
    <LocaleProvider>
      <GeoDb />
    </LocaleProvider>,
  );
}

describe('the GEO database page', () => {
  it('shows only the grid while no item has a place', async () => {
    await storedItem(30, null);
    open();
    expect(await screen.findByAltText(alt('১'))).toBeTruthy();
    expect(screen.queryByRole('region', { name: bn['geoItems.map.label'] })).toBeNull();
    expect(screen.queryByText(bn['geoItems.map.loading'])).toBeNull();
  });

  it('puts a pin for each item with a place on the map; a tap shows its photo, which opens full size', async () => {
    const kansat = await storedItem(20, { latitude: 24.693, longitude: 88.166 });
    await storedItem(10, { latitude: 24.719, longitude: 88.188 });
    open();
    // The grid holds every item, newest first.
    expect(await screen.findByAltText(alt('৩'))).toBeTruthy();
    expect(screen.getAllByRole('img').filter((i) => i.getAttribute('alt')?.startsWith('জিও'))).toHaveLength(3);
    expect(screen.getByText(bn['geoItems.map.count'].replace('{n}', '২'))).toBeTruthy();

    const map = await screen.findByRole('region', { name: bn['geoItems.map.label'] }, { timeout: 10_000 });
    await waitFor(() => expect(map.querySelectorAll('.geo-pin')).toHaveLength(2));
    const pin = [...map.querySelectorAll<HTMLElement>('.geo-pin')].find((p) => p.title === alt('২'))!;
    fireEvent.click(pin);
    const popup = await waitFor(() => {
      const p = map.querySelector<HTMLElement>('.leaflet-popup');
      expect(p).not.toBeNull();
      return p!;
    });
    const thumb = within(popup).getByAltText(alt('২')) as HTMLImageElement;
    expect(thumb.getAttribute('src')).toBe(`/api/public/images/${kansat}?size=thumb`);
    const link = within(popup).getByRole('link', { name: new RegExp(bn['geoItems.map.open']) });
    expect(link.getAttribute('href')).toBe(`/api/public/images/${kansat}?size=full`);
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
