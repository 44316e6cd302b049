import L from 'leaflet';
import { fieldDb, tileKey } from './db';

/**
 * A Leaflet tile layer that draws the field pack's tile when the phone has one and asks the
 * network otherwise (docs/decisions/031-field-pack.md). The pack is looked up first even online:
 * the same picture, no data spent. A tile kept from another source (the office's archive while
 * the map's setting names another server) is used when the map's own source has none.
 */
export async function packTile(url: string, z: number, x: number, y: number): Promise<Blob | null> {
  try {
    const own = await fieldDb.tiles.get(tileKey(url, z, x, y));
    if (own) return own.blob;
    const any = await fieldDb.tiles.where('[z+x+y]').equals([z, x, y]).first();
    return any?.blob ?? null;
  } catch {
    return null;
  }
}

export class PackTileLayer extends L.TileLayer {
  override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const tile = document.createElement('img');
    const crossOrigin = this.options.crossOrigin;
    if (crossOrigin || crossOrigin === '') tile.crossOrigin = crossOrigin === true ? '' : crossOrigin;
    tile.alt = '';
    tile.setAttribute('role', 'presentation');
    let objectUrl: string | null = null;
    const settle = (error?: Error) => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      objectUrl = null;
      done(error, tile);
    };
    tile.addEventListener('load', () => settle());
    tile.addEventListener('error', () => settle(new Error('tile')));
    const z = this._getZoomForUrl();
    // Leaflet keeps the template in _url (setUrl changes it there).
    const template = (this as unknown as { _url: string })._url;
    void packTile(template, z, coords.x, coords.y).then((blob) => {
      if (blob) {
        objectUrl = URL.createObjectURL(blob);
        tile.dataset.source = 'pack';
        tile.src = objectUrl;
      } else {
        tile.src = this.getTileUrl(coords);
      }
    });
    return tile;
  }
}
