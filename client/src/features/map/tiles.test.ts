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
