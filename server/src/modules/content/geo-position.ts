import { insideBangladesh, translate, type Gallery, type LatLng } from '@portal/shared';
import type { AdminContentImage, GeoUploadQuery } from '@portal/shared/schemas/geo-items';
import type { AppDeps, StaffPrincipal } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { writeAudit } from '../audit/audit.repository.js';
import { setImagePosition, type ImagePosition } from './images.repository.js';

/**
 * A GEO database item's place (docs/decisions/034-geo-database-map.md). A typed or picked place
 * must lie inside Bangladesh (422 GEO_OUTSIDE_BANGLADESH otherwise: the map of an upazila office
 * has no use for another country, and a swapped latitude/longitude lands there); a place read from
 * the photo's EXIF is simply dropped when it is outside (images/exif-position.ts).
 */
function insideOrRefuse(p: LatLng): LatLng {
  if (!insideBangladesh(p)) {
    throw new Problem('GEO_OUTSIDE_BANGLADESH', {
      fields: { latitude: translate('bn', 'problem.GEO_OUTSIDE_BANGLADESH') },
    });
  }
  return p;
}

/** The place typed with an upload, or null when none was; only a GEO item takes one. */
export function geoPlace(gallery: Gallery, query: GeoUploadQuery): ImagePosition | null {
  if (query.latitude === undefined || query.longitude === undefined) return null;
  if (gallery !== 'geo') {
    throw new Problem('VALIDATION', { fields: { latitude: translate('bn', 'geoItems.v.onlyGeo') } });
  }
  return { ...insideOrRefuse({ latitude: query.latitude, longitude: query.longitude }), source: 'typed' };
}

const audited = (i: AdminContentImage) =>
  i.latitude == null ? null : { latitude: i.latitude, longitude: i.longitude, source: i.positionSource };

/**
 * Sets (typed, so it replaces one read from the photo) or clears the place of a GEO item, with an
 * audit row in the same transaction (no application: application_id null, details name the item).
 * Saving the same place again changes nothing and writes no row.
 */
export async function setGeoItemPosition(
  deps: AppDeps,
  staff: StaffPrincipal,
  id: string,
  input: { latitude: number | null; longitude: number | null },
): Promise<AdminContentImage> {
  const position: ImagePosition | null =
    input.latitude === null || input.longitude === null
      ? null
      : { ...insideOrRefuse({ latitude: input.latitude, longitude: input.longitude }), source: 'typed' };
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const changed = await setImagePosition(trx, id, position);
    if (!changed) throw new Problem('NOT_FOUND');
    const { before, after } = changed;
    if (JSON.stringify(audited(before)) === JSON.stringify(audited(after))) return after;
    await writeAudit(trx, {
      applicationId: null,
      actor: { userId: staff.id, email: staff.email },
      action: position ? 'geo-item-position' : 'geo-item-position-cleared',
      details: { geoItemId: id, before: audited(before), after: audited(after) },
      at: now,
    });
    return after;
  });
}
