import { sql } from 'kysely';
import type { PublicLicenceRow } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { licenceStatusSql } from './licence-status.js';
import { isLive } from '../applications/applications.repository.js';

/**
 * The public list of issued licences (/dataTable, spec 1 §2): licence number, holder (the licence's
 * own, after any approved name change), union, mouza and validity of approved applications; a
 * suspended licence is not listed, an expired one is, marked by the one status rule (decision 022).
 * Open to anyone, so it selects no mobile number, no address beyond union and mouza, and no document.
 */

/** The holder: the licence's own; rows from before it kept one fall back to the application's. */
const HOLDER = sql<string>`coalesce(nullif(l.holder_name, ''), a.applicant_name)`;

const SORT = {
  licenceNumber: sql`l.licence_number`,
  name: HOLDER,
  union: sql`a.union_name`,
  mouza: sql`a.mouza`,
  validTo: sql`l.valid_to`,
} as const;

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PublicLicenceQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort: keyof typeof SORT;
  dir: 'asc' | 'desc';
}

export async function listPublicLicences(
  db: Database,
  query: PublicLicenceQuery,
  today: string,
): Promise<{ rows: PublicLicenceRow[]; total: number }> {
  let base = db
    .selectFrom('licences as l')
    .innerJoin('applications as a', 'a.id', 'l.application_id')
    .where('a.stage', '=', 'Approved')
    .where(isLive('a'))
    .where('l.status', '<>', 'suspended');
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where(
      sql<boolean>`lower(l.licence_number::text || ' ' || ${HOLDER} || ' ' || a.union_name || ' ' || a.mouza) LIKE ${pattern}`,
    );
  }
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    base
      .select(['l.licence_number', 'a.union_name', 'a.mouza', 'l.valid_from', 'l.valid_to'])
      .select(HOLDER.as('holder'))
      .select(licenceStatusSql(today, 'l').as('status'))
      .orderBy(SORT[query.sort], query.dir)
      .orderBy('l.licence_number', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return {
    total: count.n,
    rows: rows.map((r) => ({
      licenceNumber: Number(r.licence_number),
      name: r.holder,
      union: r.union_name,
      mouza: r.mouza,
      validFrom: r.valid_from,
      validTo: r.valid_to,
      expired: r.status === 'expired',
    })),
  };
}
