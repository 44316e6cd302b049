import { sql, type RawBuilder } from 'kysely';
import {
  canReadApplication,
  commandRadiusM,
  MAP_FEATURE_LIMIT,
  MAP_STATES,
  type ClusterFeature,
  type MapExtent,
  type MapQuery,
  type StateCounts,
  type MapState,
  type StaffRole,
  type WellCollection,
  type WellFeature,
} from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import type { Stage } from '../../platform/db/schema.js';
import { licenceStatusSql } from '../licences/licence-status.js';
import { isLive } from '../applications/applications.repository.js';
import { clusterCell, clusterFeature } from './map-clusters.js';

/**
 * The live map's SQL (docs/decisions/028-map-and-siting.md, 035-live-map-clusters-and-visits.md):
 * the wells inside a box, found through the (latitude, longitude) index, each with its state on
 * the map; clusters of them when the box holds more than one answer carries.
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
 * The complete applications with a position inside the box, after the kind and union filters,
 * as `a` (the state filter needs the licence: see withState). Only complete applications: one
 * still receiving files is in nobody's list yet. The range on latitude and longitude is what the
 * (latitude, longitude) index answers.
 */
export function wellsInBoxQuery(db: Database, query: MapQuery) {
  const [west, south, east, north] = query.bbox;
  const union = query.union?.trim();
  let q = db
    .selectFrom('applications as a')
    .where('a.latitude', '>=', south)
    .where('a.latitude', '<=', north)
    .where('a.longitude', '>=', west)
    .where('a.longitude', '<=', east)
    .where('a.intake_status', '=', 'complete')
    // A deleted application is on no map (decision 037).
    .where(isLive('a'));
  if (query.kinds?.length) q = q.where('a.kind', 'in', query.kinds);
  if (union) q = q.where('a.union_name', '=', union);
  return q;
}

/**
 * How many wells the box holds after every filter, counted no further than `upTo` (enough to know
 * whether the answer must be clustered, at the cost of reading at most that many index entries).
 */
async function countUpTo(db: Database, query: MapQuery, today: string, upTo: number): Promise<number> {
  let q = wellsInBoxQuery(db, query);
  if (query.states?.length)
    q = q.leftJoin('licences as l', 'l.application_id', 'a.id').where(mapStateSql(today), 'in', query.states);
  const row = await db
    .selectFrom(
      q
        .select(sql<number>`1`.as('one'))
        .limit(upTo)
        .as('c'),
    )
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The live map's answer for a box (docs/decisions/035-live-map-clusters-and-visits.md): every well
 * one by one while the box holds at most `limit` after the filters, else clusters of every well
 * in the box (map-clusters.ts), so nothing is left out at any zoom.
 */
export async function wellsInBox(
  db: Database,
  query: MapQuery,
  opts: { today: string; role: StaffRole | null; limit?: number },
): Promise<WellCollection> {
  const limit = opts.limit ?? MAP_FEATURE_LIMIT;
  const [west, south, east, north] = query.bbox;
  if (west > east || south > north) return { type: 'FeatureCollection', features: [], clustered: false };
  if ((await countUpTo(db, query, opts.today, limit + 1)) > limit) {
    return { type: 'FeatureCollection', features: await clustersInBox(db, query, opts.today), clustered: true };
  }
  return { type: 'FeatureCollection', features: await wellFeatures(db, query, opts), clustered: false };
}

/**
 * Every well of the box (after the filters) in a grid of cells (clusterCell), counted by the
 * database: per cell the count, the centroid, the box of its wells and a count per state. The
 * cell numbers are computed inside, so GROUP BY names plain columns (PostgreSQL does not match a
 * grouped expression that repeats a parameter). The licence is a plain left join here: over
 * thousands of wells the planner's hash of the licences beats a lookup per well.
 */
async function clustersInBox(db: Database, query: MapQuery, today: string): Promise<ClusterFeature[]> {
  const cell = clusterCell(query.bbox, query.zoom);
  let inner = wellsInBoxQuery(db, query)
    .leftJoin('licences as l', 'l.application_id', 'a.id')
    .select(['a.latitude as lat', 'a.longitude as lng'])
    .select(sql<number>`floor(a.longitude / ${sql.lit(cell.lon)})`.as('cx'))
    .select(sql<number>`floor(a.latitude / ${sql.lit(cell.lat)})`.as('cy'))
    .select(mapStateSql(today).as('state'));
  if (query.states?.length) inner = inner.where(mapStateSql(today), 'in', query.states);
  const perState = MAP_STATES.map((s) =>
    sql<number>`count(*) filter (where w.state = ${sql.lit(s)})::int`.as(`n_${s}`),
  );
  const rows = await db
    .selectFrom(inner.as('w'))
    .select(['w.cx', 'w.cy'])
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<number>`avg(w.lat)`.as('lat'),
      sql<number>`avg(w.lng)`.as('lng'),
      sql<number>`min(w.lat)`.as('south'),
      sql<number>`max(w.lat)`.as('north'),
      sql<number>`min(w.lng)`.as('west'),
      sql<number>`max(w.lng)`.as('east'),
    ])
    .select(perState)
    .groupBy(['w.cx', 'w.cy'])
    .orderBy('w.cy')
    .orderBy('w.cx')
    .execute();
  return rows.map((r) => {
    const row = r as unknown as Record<string, number | string>;
    return clusterFeature({
      cx: Number(r.cx),
      cy: Number(r.cy),
      count: Number(r.n),
      centroid: [Number(r.lng), Number(r.lat)],
      bbox: [Number(r.west), Number(r.south), Number(r.east), Number(r.north)],
      states: Object.fromEntries(MAP_STATES.map((s) => [s, Number(row[`n_${s}`])])) as StateCounts,
    });
  });
}

/** The wells of a box that holds at most `limit` of them, each with its state, newest application first. */
async function wellFeatures(
  db: Database,
  query: MapQuery,
  opts: { today: string; role: StaffRole | null; limit?: number },
): Promise<WellFeature[]> {
  const limit = opts.limit ?? MAP_FEATURE_LIMIT;
  const boxed = wellsInBoxQuery(db, query).select([
    'a.id',
    'a.office_id',
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
    'a.fields',
  ]);

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
      'a.office_id',
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
  if (query.states?.length) wells = wells.where(mapStateSql(opts.today), 'in', query.states);
  // The count said the box holds at most `limit`; the limit only guards a well added meanwhile.
  const rows = await wells.orderBy('a.application_number', 'desc').limit(limit).execute();

  return rows.map((r): WellFeature => {
    const wellSize = (r.well_size ?? '').trim();
    const licensed = r.licence_id !== null;
    // A licence holder's name is public (the public licence list); a request's only to who may read
    // it. An area viewer (role null, decision 057) holds no office role: the public names only.
    const readable =
      opts.role !== null &&
      canReadApplication(opts.role, {
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
        officeId: r.office_id,
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
}

/** The least half-size of the extent, in degrees (about 500 m): one well alone is not a point to zoom into. */
const MIN_EXTENT_HALF_DEG = 0.005;

/**
 * Where the office's wells are (GET /api/staff/map/extent; decision 035): the box from the 0.5th to
 * the 99.5th percentile of their latitudes and of their longitudes, so a handful of mistyped
 * positions at the other end of the country does not open the map on all of it. With a few wells
 * the percentiles are the least and the greatest. Every complete application with a position
 * counts, whatever its state: the map opens on all of them and the filters apply after.
 */
export async function wellExtent(db: Database): Promise<MapExtent> {
  const row = await db
    .selectFrom('applications')
    .where('latitude', 'is not', null)
    .where('intake_status', '=', 'complete')
    .where(isLive())
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<number | null>`percentile_disc(0.005) within group (order by latitude)`.as('south'),
      sql<number | null>`percentile_disc(0.995) within group (order by latitude)`.as('north'),
      sql<number | null>`percentile_disc(0.005) within group (order by longitude)`.as('west'),
      sql<number | null>`percentile_disc(0.995) within group (order by longitude)`.as('east'),
    ])
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  if (count === 0 || row.south === null || row.north === null || row.west === null || row.east === null)
    return { bbox: null, count };
  const widen = (lo: number, hi: number): [number, number] => {
    if (hi - lo >= 2 * MIN_EXTENT_HALF_DEG) return [lo, hi];
    const mid = (lo + hi) / 2;
    return [mid - MIN_EXTENT_HALF_DEG, mid + MIN_EXTENT_HALF_DEG];
  };
  const [south, north] = widen(Number(row.south), Number(row.north));
  const [west, east] = widen(Number(row.west), Number(row.east));
  return { bbox: [west, south, east, north], count };
}
