import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import L from 'leaflet';
import { fieldDb, tileKey } from './db';
import { PackTileLayer } from './packTileLayer';
import { clearFieldDb } from './test/field-db';

/**
 * The maps' tile layer (docs/decisions/031-field-pack.md): a tile in the pack is drawn from the
 * phone, with no request; a tile the pack lacks comes from the map's own address.
 */
const URL_TEMPLATE = '/tiles/{z}/{x}/{y}.png';
const requests: string[] = [];

beforeEach(async () => {
  await clearFieldDb();
  requests.length = 0;
  vi.stubGlobal('fetch', (path: string) => {
    requests.push(path);
    throw new TypeError('Failed to fetch');
  });
  // jsdom has no object URLs; the browser's are opaque strings like this one.
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(globalThis.URL, { createObjectURL: () => `blob:pack-${++n}`, revokeObjectURL: () => {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function tileAt(x: number, y: number, z: number) {
  const div = document.createElement('div');
  document.body.appendChild(div);
  const map = L.map(div).setView([23.85, 90.26], z);
  const layer = new PackTileLayer(URL_TEMPLATE, { crossOrigin: 'anonymous' }).addTo(map);
  const img = layer.createTile({ x, y, z } as L.Coords, () => {}) as HTMLImageElement;
  return img;
}

describe('PackTileLayer', () => {
  it('draws the pack tile from the phone and asks the network for nothing', async () => {
    await fieldDb.tiles.put({
      key: tileKey(URL_TEMPLATE, 15, 24597, 14049),
      source: URL_TEMPLATE,
      z: 15,
      x: 24597,
      y: 14049,
      size: 3,
      blob: new NodeBlob([new Uint8Array([1, 2, 3])], { type: 'image/png' }) as unknown as Blob,
    });
    const img = tileAt(24597, 14049, 15);
    await vi.waitFor(() => expect(img.getAttribute('src')).toMatch(/^blob:pack-/));
    expect(img.dataset.source).toBe('pack');
    expect(img.crossOrigin).toBe('anonymous');
    expect(requests).toEqual([]);
  });

  it('asks the map’s own address for a tile the pack does not hold', async () => {
    const img = tileAt(24598, 14049, 15);
    await vi.waitFor(() => expect(img.getAttribute('src')).toBe('/tiles/15/24598/14049.png'));
    expect(img.dataset.source).toBeUndefined();
  });
});
