import { publicSettingsSchema, type PublicSettings, type SiteSettings } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { keptPerDatabase } from '../../platform/db/kept-per-database.js';
import { tileArchive, type TileArchive } from '../tiles/tile-archive.js';
import { browsedArchive } from '../tiles/tiles-served.js';
import { getSettings } from './settings.repository.js';

/** What any visitor may read of the site settings: GET /api/public/settings, and the pages' HTML. */
function publicView(settings: SiteSettings, archive: TileArchive | null): PublicSettings {
  // The maps browse the portal's own tile archive while the Admin keeps the default address (decision 033).
  const browsed = browsedArchive(settings, archive);
  const mapTileArchive = browsed && {
    url: browsed.url,
    attribution: browsed.attribution ?? settings.mapTileAttribution,
    maxZoom: browsed.maxZoom,
  };
  return publicSettingsSchema.parse({ ...settings, mapTileArchive });
}

export async function readPublicSettings(db: Database, dataDir: string): Promise<PublicSettings> {
  return publicView(await getSettings(db), await tileArchive(dataDir));
}

/**
 * The citizen pages' HTML carries the settings their first screen was drawn with
 * (docs/decisions/047-scripts-after-the-first-paint.md), read at most once a minute per database.
 */
const forPages = keptPerDatabase(readPublicSettings);

export function publicSettingsForPages(db: Database, dataDir: string): Promise<PublicSettings> {
  return forPages.get(db, dataDir);
}

/** The Admin saved the settings: the next page is drawn with them. */
export function settingsChanged(db: Database): void {
  forPages.forget(db);
}
