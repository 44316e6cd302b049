import {
  boxAround,
  canReadApplication,
  commandRadiusM,
  distanceM,
  SITING_LIMIT,
  SITING_RADIUS_M,
  type NearbyWell,
  type SitingCheck,
  type StaffRole,
} from '@portal/shared';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { Problem } from '../../platform/http/problem.js';
import { licenceStatusSql } from '../licences/licence-status.js';
import { isLive } from '../applications/applications.repository.js';

/**
 * The siting check beside BADC's checklist (docs/decisions/028-map-and-siting.md, spec 3 §9
 * command areas): the licensed wells within SITING_RADIUS_M of the application's well, nearest
 * first, and whether the new well stands inside one's command area or the two areas overlap.
 * The index narrows to a box around the well (boxAround); the great-circle distance decides.
 */
export async function sitingCheck(db: Database, id: string, role: StaffRole, today: string): Promise<SitingCheck> {
  const app = await db
    .selectFrom('applications')
    .select(['id', 'kind', 'stage', 'seen_chairman', 'seen_uno', 'seen_badc', 'latitude', 'longitude'])
    .select(sql<string | null>`fields->>'wellSize'`.as('well_size'))
    .where('id', '=', id)
    .where(isLive())
    .executeTakeFirst();
  if (!app) throw new Problem('NOT_FOUND');
  // Who may see the checklist: a role whose lists show the application (decision 017).
  const state = {
    kind: app.kind,
    stage: app.stage,
    seen: { chairman: app.seen_chairman, uno: app.seen_uno, badc: app.seen_badc },
  };
  if (!canReadApplication(role, state)) throw new Problem('FORBIDDEN');

  const radiusM = commandRadiusM(app.well_size);
  if (app.latitude === null || app.longitude === null) return { position: null, radiusM, nearest: [] };
  const position = { latitude: Number(app.latitude), longitude: Number(app.longitude) };

  const [west, south, east, north] = boxAround(position, SITING_RADIUS_M);
  const rows = await db
    .selectFrom('licences as l')
    .innerJoin('applications as a', 'a.id', 'l.application_id')
    .select(['a.id', 'a.latitude', 'a.longitude', 'a.applicant_name', 'l.id as licence_id', 'l.licence_number'])
    .select(['l.holder_name'])
    .select(sql<string | null>`a.fields->>'wellSize'`.as('well_size'))
    .select(licenceStatusSql(today, 'l').as('status'))
    .where('a.latitude', '>=', south)
    .where('a.latitude', '<=', north)
    .where('a.longitude', '>=', west)
    .where('a.longitude', '<=', east)
    .where('a.id', '<>', app.id)
    // A deleted application's licence claims no command area (decision 037).
    .where(isLive('a'))
    .execute();

  const nearest = rows
    .map((r): NearbyWell => {
      const well = { latitude: Number(r.latitude), longitude: Number(r.longitude) };
      const distance = distanceM(position, well);
      const theirs = commandRadiusM(r.well_size);
      return {
        applicationId: r.id,
        licenceId: r.licence_id,
        licenceNumber: Number(r.licence_number),
        name: r.holder_name || r.applicant_name,
        state: r.status,
        ...well,
        distanceM: Math.round(distance),
        radiusM: theirs,
        // A size the table does not know counts as no area at all: nothing is claimed that cannot be shown.
        inside: theirs !== null && distance < theirs,
        overlaps: (theirs ?? 0) + (radiusM ?? 0) > distance,
      };
    })
    .filter((w) => w.distanceM <= SITING_RADIUS_M)
    .sort((x, y) => x.distanceM - y.distanceM || x.licenceNumber - y.licenceNumber)
    .slice(0, SITING_LIMIT);
  return { position, radiusM, nearest };
}
