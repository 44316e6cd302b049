import { sql } from 'kysely';
import type { PublicLicenceRow } from '@portal/shared';
import type { Database } from '../../db/database.js';

/**
 * The public list of issued licences (/dataTable, spec 1 §2): licence number, holder, union,
 * mouza and validity of approved applications. Open to anyone, so it selects no mobile number,
 * no address beyond union and mouza, and no document.
 */
const SORT = {
  licenceNumber: 'l.licence_number',
  name: 'a.applicant_name',
  union: 'a.union_name',
  mouza: 'a.mouza',
  validTo: 'l.valid_to',
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
    .where('a.stage', '=', 'Approved');
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where(
      sql<boolean>`lower(l.licence_number::text || ' ' || a.applicant_name || ' ' || a.union_name || ' ' || a.mouza) LIKE ${pattern}`,
    );
  }
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    base
      .select(['l.licence_number', 'a.applicant_name', 'a.union_name', 'a.mouza', 'l.valid_from', 'l.valid_to'])
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
      name: r.applicant_name,
      union: r.union_name,
      mouza: r.mouza,
      validFrom: r.valid_from,
      validTo: r.valid_to,
      expired: r.valid_to < today,
    })),
  };
}
