import crypto from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import { tilesInfoSchema, translate, type MessageKey } from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { getSettings } from '../settings/settings.repository.js';
import { tileArchive, type TileExt } from './tile-archive.js';
import { tilesInfo } from './tiles-served.js';

/**
 * The portal's own map tiles (docs/decisions/033-tile-archive.md): GET /tiles/{z}/{x}/{y}.{ext} from
 * the archive in DATA_DIR/tiles/, beside the PWA's static files, and GET /api/public/map/tiles-info.
 */

/** A week: tiles change only when the office copies in a new archive, and the ETag revalidates them then. */
export const TILE_CACHE = 'public, max-age=604800';
/** A tile the archive lacks stays missing until the archive changes: an hour spares the asking again. */
const MISSING_CACHE = 'public, max-age=3600';
/** The Admin's tile settings may change: a few minutes. */
const INFO_CACHE = 'public, max-age=300';
/** PMTiles' (and the library's) limit. */
const MAX_ZOOM = 26;

const TILE_PATH = /^\/tiles\/(\d{1,2})\/(\d{1,8})\/(\d{1,8})\.(png|jpg|jpeg|webp|avif)$/;
const EXT: Record<string, TileExt> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', webp: 'webp', avif: 'avif' };

/** z/x/y that name a tile anywhere on Earth, or null. */
export function parseTilePath(pathname: string): { z: number; x: number; y: number; ext: TileExt } | null {
  const m = TILE_PATH.exec(pathname);
  if (!m) return null;
  const [z, x, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (z > MAX_ZOOM || x >= 2 ** z || y >= 2 ** z) return null;
  return { z, x, y, ext: EXT[m[4]!]! };
}

const etagOf = (bytes: Uint8Array) => `"${crypto.createHash('sha1').update(bytes).digest('base64url')}"`;

/** Plain answers, Bangla then English: a map's <img> shows nothing either way, and they cost no JSON or database. */
const plain = (key: MessageKey, status: 400 | 404 | 503, cacheControl: string) =>
  new Response(`${translate('bn', key)}\n${translate('en', key)}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': cacheControl },
  });

/** Registered before the PWA's fallback, so a tile address never answers the app's HTML. */
export function serveTiles(app: ReturnType<typeof createRouter>, dataDir: string) {
  app.get('/tiles/*', async (c) => {
    const at = parseTilePath(c.req.path);
    if (!at) return plain('tiles.badAddress', 400, 'no-store');
    const archive = await tileArchive(dataDir);
    if (!archive || archive.ext !== at.ext) return plain('tiles.notFound', 404, MISSING_CACHE);
    let bytes: Uint8Array | null;
    try {
      bytes = await archive.tile(at.z, at.x, at.y);
    } catch (err) {
      console.error(`[tiles] ${archive.file}: tile ${at.z}/${at.x}/${at.y} could not be read`, err);
      return plain('tiles.unreadable', 503, 'no-store');
    }
    if (!bytes) return plain('tiles.notFound', 404, MISSING_CACHE);
    const etag = etagOf(bytes);
    c.header('ETag', etag);
    c.header('Cache-Control', TILE_CACHE);
    if ((c.req.header('If-None-Match') ?? '').split(/\s*,\s*/).includes(etag)) return c.body(null, 304);
    c.header('Content-Type', archive.contentType);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
  });
}

/** Mounted at /api/public. */
export function tilesInfoRoutes() {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/map/tiles-info',
      summary:
        'Whether a field pack may copy the map tiles, their address, zooms, bounds and credit: the portal’s tile archive, a path on this site, or a host the Admin marked (anyone)',
      responses: {
        200: { content: { 'application/json': { schema: tilesInfoSchema } }, description: 'The tile source' },
      },
    }),
    async (c) => {
      const { db, config } = c.get('deps');
      const [settings, archive] = await Promise.all([getSettings(db), tileArchive(config.dataDir)]);
      c.header('Cache-Control', INFO_CACHE);
      return c.json(tilesInfo(settings, archive), 200);
    },
  );
  return app;
}
