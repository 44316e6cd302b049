import { sql } from 'kysely';
import type { AdminDashboard } from '@portal/shared';
import type { Database } from '../../db/database.js';
import { licenceStatusSql } from '../../licences/licence-status.js';
import { isLive } from '../applications/applications.repository.js';

/**
 * The nine cards of the Admin dashboard (spec 2 §2), every one counted by the database (the legacy
 * showed "Existing Application" and "Expire License" as a constant 0: spec README defect 6).
 * Only complete applications count: one still receiving files is not yet an application.
 *
 * - Unseen: waiting in a review stage that its officer (Chairman, UNO, BADC) has not opened yet,
 *   the union of the three unseen lists; Seen: every other complete application, so the two add
 *   up to all applications.
 * - New, Existing and Renew count the requests of that kind (applications.kind).
 * - Licences are their own records (docs/decisions/022-licence-aggregate.md), counted by their
 *   computed status: active = not suspended and still valid today (testing licences included),
 *   expired = not suspended and its last day before today, suspended = cancelled by BADC.
 *   "Today" is Dhaka's date.
 */
export async function adminCounts(db: Database, today: string): Promise<AdminDashboard> {
  const apps = await db
    .selectFrom('applications')
    .where('intake_status', '=', 'complete')
    // A deleted application counts nowhere (decision 037).
    .where(isLive())
    .select([
      sql<number>`count(*) FILTER (WHERE kind = 'New')::int`.as('newApplications'),
      sql<number>`count(*) FILTER (WHERE kind = 'Existing')::int`.as('existingApplications'),
      sql<number>`count(*) FILTER (WHERE kind = 'Renew')::int`.as('renewApplications'),
      sql<number>`count(*) FILTER (WHERE ${UNSEEN})::int`.as('unseenApplications'),
      sql<number>`count(*) FILTER (WHERE NOT (${UNSEEN}))::int`.as('seenApplications'),
    ])
    .executeTakeFirstOrThrow();
  // Each licence counted once by its computed status (licence-status.ts), never by a stored "expired".
  const status = licenceStatusSql(today, 'l');
  const licences = await db
    .selectFrom('licences as l')
    // A licence goes with the application that issued it: deleted, it is counted no more.
    .innerJoin('applications as a', 'a.id', 'l.application_id')
    .where(isLive('a'))
    .select([
      sql<number>`count(*) FILTER (WHERE ${status} IN ('active', 'testing'))::int`.as('activeLicences'),
      sql<number>`count(*) FILTER (WHERE ${status} = 'expired')::int`.as('expiredLicences'),
      sql<number>`count(*) FILTER (WHERE ${status} = 'suspended')::int`.as('suspendedLicences'),
    ])
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('staff_users')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return { ...apps, ...licences, users: users.n };
}

const UNSEEN = sql`((stage = 'StepOne' AND NOT seen_chairman) OR (stage = 'StepTwo' AND NOT seen_uno) OR (stage = 'StepThree' AND NOT seen_badc))`;
