import { sql, type RawBuilder } from 'kysely';
import {
  canReadApplication,
  commandRadiusM,
  MAP_FEATURE_LIMIT,
  type MapQuery,
  type MapState,
  type StaffRole,
  type WellCollection,
  type WellFeature,
} from '@portal/shared';
import type { Database } from '../db/database.js';
import type { Stage } from '../db/schema.js';
import { licenceStatusSql } from '../licences/licence-status.js';

/**
 * The live map's SQL (docs/decisions/028-map-and-siting.md): the wells inside a box, found through
 * the (latitude, longitude) index, each with its state on the map.
 */

/** Where a request without a licence stands on the map; every other stage is still in review (pending). */
const STAGE_STATE: Partial<Record<Stage, MapState>> = {
  // BADC found it approvable, or approved it and the licence is not there (yet): approved.
  Approvable: 'approved',
  Approved: 'approved',
  // BADC's "not approvable" and the final decline: declined.
  NotApprovable: 'declined',
  Decline: 'declined',
};

/**
 * A well's state: its licence's status when it has one (licenceStatusSql, the one status rule of
 * decision 022), else its request's stage as STAGE_STATE says. For a query where the application
 * is `a` and its licence (left-joined) `l`.
 */
export function mapStateSql(today: string): RawBuilder<MapState> {
  const stagesOf = (state: MapState) =>
    sql.join(
      Object.entries(STAGE_STATE)
        .filter(([, s]) => s === state)
        .map(([stage]) => sql.lit(stage)),
    );
  return sql<MapState>`(CASE
    WHEN l.id IS NOT NULL THEN ${licenceStatusSql(today, 'l')}
    WHEN a.stage IN (${stagesOf('declined')}) THEN 'declined'
    WHEN a.stage IN (${stagesOf('approved')}) THEN 'approved'
    ELSE 'pending' END)`;
}

/**
 * The wells inside the box, newest application first (a deterministic order that keeps the
 * requests still in review when the answer is cut), at most `limit`; `truncated` when more matched.
 * Only complete applications: one still receiving files is in nobody's list yet.
 */
export async function wellsInBox(
  db: Database,
  query: MapQuery,
  opts: { today: string; role: StaffRole; limit?: number },
): Promise<WellCollection> {
  const limit = opts.limit ?? MAP_FEATURE_LIMIT;
  const [west, south, east, north] = query.bbox;
  if (west > east || south > north) return { type: 'FeatureCollection', features: [], truncated: false };
  const union = query.union?.trim();

  // The wells in the box; without a state filter the newest limit + 1 are chosen here already, so
  // the licence lookups and the answer's columns are paid for the wells answered, not all in the box.
  let boxed = db
    .selectFrom('applications')
    .select([
      'id',
      'kind',
      'application_number',
      'applicant_name',
      'union_name',
      'stage',
      'seen_chairman',
      'seen_uno',
      'seen_badc',
      'latitude',
      'longitude',
      'fields',
    ])
    .where('latitude', '>=', south)
    .where('latitude', '<=', north)
    .where('longitude', '>=', west)
    .where('longitude', '<=', east)
    .where('intake_status', '=', 'complete');
  if (query.kinds?.length) boxed = boxed.where('kind', 'in', query.kinds);
  if (union) boxed = boxed.where('union_name', '=', union);
  const states = query.states?.length ? query.states : null;
  if (!states) boxed = boxed.orderBy('application_number', 'desc').limit(limit + 1);

  let wells = db
    .selectFrom(boxed.as('a'))
    // One licence per application (unique application_id), looked up by its index for each well:
    // a join would read every licence to hash it, the slower way for a city-sized box.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('licences')
          .select(['id', 'licence_number', 'holder_name', 'status', 'valid_to', 'is_testing'])
          .whereRef('licences.application_id', '=', 'a.id')
          .limit(1)
          .as('l'),
      (join) => join.onTrue(),
    )
    .select([
      'a.id',
      'a.kind',
      'a.application_number',
      'a.applicant_name',
      'a.union_name',
      'a.stage',
      'a.seen_chairman',
      'a.seen_uno',
      'a.seen_badc',
      'a.latitude',
      'a.longitude',
      'l.id as licence_id',
      'l.licence_number',
      'l.holder_name',
    ])
    .select(sql<string | null>`a.fields->>'wellSize'`.as('well_size'))
    .select(mapStateSql(opts.today).as('state'));
  if (states) wells = wells.where(mapStateSql(opts.today), 'in', states);
  const rows = await wells
    .orderBy('a.application_number', 'desc')
    .limit(limit + 1)
    .execute();

  const features = rows.slice(0, limit).map((r): WellFeature => {
    const wellSize = (r.well_size ?? '').trim();
    const licensed = r.licence_id !== null;
    // A licence holder's name is public (the public licence list); a request's only to who may read it.
    const readable = canReadApplication(opts.role, {
      kind: r.kind,
      stage: r.stage,
      seen: { chairman: r.seen_chairman, uno: r.seen_uno, badc: r.seen_badc },
    });
    const name = licensed ? r.holder_name || r.applicant_name : readable ? r.applicant_name : '';
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [Number(r.longitude), Number(r.latitude)] },
      properties: {
        applicationId: r.id,
        kind: r.kind,
        state: r.state,
        applicationNumber: Number(r.application_number),
        licenceId: r.licence_id,
        licenceNumber: r.licence_number === null ? null : Number(r.licence_number),
        name,
        union: r.union_name,
        wellSize,
        radiusM: commandRadiusM(wellSize),
      },
    };
  });
  return { type: 'FeatureCollection', features, truncated: rows.length > limit };
}
