import { describe, expect, it } from 'vitest';
import { tileOptions } from './tiles';

describe('the tile source every map draws', () => {
  it('is the Admin’s, with the credit shown as text only', () => {
    const t = tileOptions({
      mapTileUrl: '/tiles/{z}/{x}/{y}.png',
      mapTileAttribution: '<img src=x onerror=alert(1)> © Office',
    });
    expect(t.url).toBe('/tiles/{z}/{x}/{y}.png');
    expect(t.attribution).toBe('&lt;img src=x onerror=alert(1)&gt; © Office');
  });

  it('is the portal’s own tile archive when the server says the maps browse it (decision 033)', () => {
    const t = tileOptions({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© OpenStreetMap contributors',
      mapTileArchive: { url: '/tiles/{z}/{x}/{y}.webp', attribution: '© OpenStreetMap & <b>office</b>' },
    });
    expect(t).toEqual({
      url: '/tiles/{z}/{x}/{y}.webp',
      attribution: '© OpenStreetMap &amp; &lt;b&gt;office&lt;/b&gt;',
    });
    expect(tileOptions({ mapTileUrl: '/osm/{z}/{x}/{y}.png', mapTileArchive: null }).url).toBe('/osm/{z}/{x}/{y}.png');
  });

  it('draws the archive’s deepest level larger past it, instead of asking for levels it lacks', () => {
    const archive = { url: '/tiles/{z}/{x}/{y}.webp', attribution: '© OSM', maxZoom: 15 };
    expect(tileOptions({ mapTileArchive: archive }).maxNativeZoom).toBe(15);
    // A web source holds every level; settings kept from before the archive said its depth: no cap.
    expect(tileOptions({ mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }).maxNativeZoom).toBeUndefined();
    expect(tileOptions({ mapTileArchive: { url: archive.url, attribution: '' } }).maxNativeZoom).toBeUndefined();
  });

  it('is OpenStreetMap’s on a phone whose kept settings predate the fields or are not valid', () => {
    for (const settings of [
      undefined,
      {},
      { mapTileUrl: 'http://old.example/{z}/{x}/{y}.png', mapTileAttribution: ' ' },
    ]) {
      expect(tileOptions(settings)).toEqual({
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      });
    }
  });
});
