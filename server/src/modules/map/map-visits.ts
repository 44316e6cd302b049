import {
  canReadApplication,
  MAP_VISIT_LIMIT,
  type MapVisitsQuery,
  type StaffRole,
  type StoredKind,
  type VisitCollection,
  type VisitDecision,
  type VisitFeature,
} from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { isLive } from '../applications/applications.repository.js';

/**
 * The live map's visits layer (GET /api/staff/map/visits; docs/decisions/035-live-map-clusters-and-visits.md):
 * where each field visit inside the box was recorded (decision 030), newest first, at most
 * MAP_VISIT_LIMIT. A visit is part of its application: only the visits of applications the role
 * may read are answered (decision 017's record rule), the others are left out, not anonymised.
 * Read-only over field_visits; server/src/modules/visits/ stays its only writer.
 */
export async function visitsInBox(
  db: Database,
  query: MapVisitsQuery,
  opts: { role: StaffRole; limit?: number },
): Promise<VisitCollection> {
  const limit = opts.limit ?? MAP_VISIT_LIMIT;
  const [west, south, east, north] = query.bbox;
  const rows = await db
    .selectFrom('field_visits as v')
    .innerJoin('applications as a', 'a.id', 'v.application_id')
    .innerJoin('staff_users as s', 's.id', 'v.officer_id')
    .select([
      'v.id',
      'v.application_id',
      'v.visited_at',
      'v.latitude',
      'v.longitude',
      'v.accuracy_m',
      'v.decision',
      'v.photo_count',
      'v.status',
      's.email as officer_email',
      'a.application_number',
      'a.kind',
      'a.stage',
      'a.seen_chairman',
      'a.seen_uno',
      'a.seen_badc',
    ])
    .where('v.latitude', '>=', south)
    .where('v.latitude', '<=', north)
    .where('v.longitude', '>=', west)
    .where('v.longitude', '<=', east)
    // A deleted application's visits leave the map with it (decision 037).
    .where(isLive('a'))
    .orderBy('v.visited_at', 'desc')
    .orderBy('v.id')
    .limit(limit + 1)
    .execute();

  // The record rule after the limit: visits are made at BADC's stage, on applications the
  // Chairman and the UNO have seen, so for the roles that read visits it leaves out almost none;
  // `truncated` still tells that more were in the box.
  const features = rows
    .slice(0, limit)
    .filter((r) =>
      canReadApplication(opts.role, {
        kind: r.kind as StoredKind,
        stage: r.stage,
        seen: { chairman: r.seen_chairman, uno: r.seen_uno, badc: r.seen_badc },
      }),
    )
    .map((r): VisitFeature => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [Number(r.longitude), Number(r.latitude)] },
      properties: {
        visitId: r.id,
        applicationId: r.application_id,
        applicationNumber: Number(r.application_number),
        kind: r.kind,
        declined: r.stage === 'Decline',
        officerEmail: r.officer_email,
        visitedAt: new Date(r.visited_at).toISOString(),
        decision: r.decision as VisitDecision,
        accuracyM: Number(r.accuracy_m),
        photoCount: Number(r.photo_count),
        complete: r.status === 'complete',
      },
    }));
  return { type: 'FeatureCollection', features, truncated: rows.length > limit };
}
