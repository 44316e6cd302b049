import { sql } from 'kysely';
import { CURRENT_OFFICE } from '../../platform/db/office-scope.js';
import { REQUEST_KINDS, STAGES, type AdminDashboard, type DashboardCharts, type Stage } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { licenceStatusSql } from '../licences/licence-status.js';
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
  // The office's own accounts (its members), not every office's.
  const users = await db
    .selectFrom('staff_roles')
    .where('office_id', '=', CURRENT_OFFICE)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return { ...apps, ...licences, users: users.n };
}

const UNSEEN = sql`((stage = 'StepOne' AND NOT seen_chairman) OR (stage = 'StepTwo' AND NOT seen_uno) OR (stage = 'StepThree' AND NOT seen_badc))`;

/** The last `count` months up to the Dhaka month of `today` ('YYYY-MM'), oldest first. */
export function monthsUpTo(today: string, count: number): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** The instant a Dhaka month ('YYYY-MM') begins: Bangladesh keeps +06:00 all year. */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00+06:00`);

/**
 * The dashboards' two charts (docs/decisions/042-dashboard-charts.md), over the same applications
 * as the cards: complete (all files arrived) and live (not deleted, decision 037), of the five
 * request kinds. Old records from the paper register are left out: they were received on paper
 * years ago and entered in a day, so they are neither a month's intake nor work in the pipeline.
 *
 * - Per month: by the month (in Dhaka) the application was received (submitted_at), for the last
 *   twelve months, this one included; zeros filled in so each kind has twelve numbers.
 * - Funnel: how many are at each stage now, in STAGES order (review stages, then Approved and Decline).
 * One GROUP BY each; the month is cut from UTC plus six hours, so no time-zone table is needed
 * (PGlite and PostgreSQL answer alike).
 */
export async function chartCounts(db: Database, today: string): Promise<DashboardCharts> {
  const months = monthsUpTo(today, 12);
  const from = monthStart(months[0]!);
  const month = sql<string>`to_char((submitted_at AT TIME ZONE 'UTC') + interval '6 hours', 'YYYY-MM')`;
  const counted = () =>
    db
      .selectFrom('applications')
      .where('intake_status', '=', 'complete')
      .where(isLive())
      .where('kind', 'in', REQUEST_KINDS);
  const monthly = await counted()
    .where('submitted_at', '>=', from)
    .select([month.as('month'), 'kind', sql<number>`count(*)::int`.as('n')])
    .groupBy([month, 'kind'])
    .execute();
  const perMonth = REQUEST_KINDS.map((kind) => ({
    kind,
    counts: months.map((m) => monthly.find((r) => r.kind === kind && r.month === m)?.n ?? 0),
  }));

  const staged = await counted()
    .select(['stage', sql<number>`count(*)::int`.as('n')])
    .groupBy('stage')
    .execute();
  const stages = STAGES.map((stage: Stage) => ({ stage, count: staged.find((r) => r.stage === stage)?.n ?? 0 }));
  return { months, perMonth, stages };
}
