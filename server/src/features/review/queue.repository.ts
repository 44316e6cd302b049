import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  can,
  queuePermission,
  type ParsedListQuery as ListQuery,
  type QueueName,
  type QueuePage,
  type QueueRow,
  type StaffRole,
} from '@portal/shared';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/**
 * The officers' lists (spec 3 §2), filtered, searched, sorted and paged by PostgreSQL: the
 * legacy portal sent every row to the browser (spec README defect 4).
 */
type Eb = ExpressionBuilder<
  DB & { a: DB['applications']; l: { [K in keyof DB['licences']]: DB['licences'][K] | null } },
  'a' | 'l'
>;

/**
 * Identical to the indexed expression in migrations/20261121-03-review.ts (trigram index), so a
 * substring search is an index scan over application number, name, mobile, upazila, village,
 * union, mouza, JL number and dag number.
 */
const SEARCH_TEXT = sql<string>`lower(a.application_number::text || ' ' || a.applicant_name || ' ' || a.mobile || ' ' || a.upazila || ' ' || a.village
        || ' ' || a.union_name || ' ' || a.mouza || ' ' || a.jl_number || ' ' || a.dag_number)`;

/** Each queue as a condition on the application (and its licence), "today" being Dhaka's date. */
function queueCondition(eb: Eb, queue: QueueName, today: string) {
  switch (queue) {
    case 'chairman-unseen':
      return eb.and([eb('a.stage', '=', 'StepOne'), eb('a.seen_chairman', '=', false)]);
    case 'chairman-seen':
      return eb('a.seen_chairman', '=', true);
    case 'uno-unseen':
      return eb.and([eb('a.stage', '=', 'StepTwo'), eb('a.seen_uno', '=', false)]);
    case 'uno-seen':
      return eb('a.seen_uno', '=', true);
    case 'badc-unseen':
      return eb.and([eb('a.stage', '=', 'StepThree'), eb('a.seen_badc', '=', false)]);
    case 'badc-seen':
      return eb('a.seen_badc', '=', true);
    case 'pending':
      return eb('a.stage', '=', 'Pending');
    case 'approvable':
      return eb('a.stage', '=', 'Approvable');
    case 'notapprovable':
      return eb('a.stage', '=', 'NotApprovable');
    case 'active':
      return eb('a.stage', '=', 'Approved');
    case 'decline':
      return eb('a.stage', '=', 'Decline');
    case 'licence-testing':
      return eb.and([eb('a.stage', '=', 'Approved'), eb('l.is_testing', '=', true), eb('l.valid_to', '>=', today)]);
    case 'licence-active':
      return eb.and([eb('a.stage', '=', 'Approved'), eb('l.is_testing', '=', false), eb('l.valid_to', '>=', today)]);
    case 'licence-expired':
      return eb.and([eb('a.stage', '=', 'Approved'), eb('l.valid_to', '<', today)]);
    case 'licence-suspended':
      return eb('a.stage', '=', 'Suspend');
  }
}

const LICENCE_QUEUES: readonly QueueName[] = [
  'licence-testing',
  'licence-active',
  'licence-expired',
  'licence-suspended',
];

const SORT_COLUMNS = {
  applicationNumber: 'a.application_number',
  applicantName: 'a.applicant_name',
  mobile: 'a.mobile',
  village: 'a.village',
  union: 'a.union_name',
  mouza: 'a.mouza',
  submittedAt: 'a.submitted_at',
  licenceNumber: 'l.licence_number',
  validTo: 'l.valid_to',
} as const satisfies Record<ListQuery['sort'], string>;

/** LIKE treats % and _ as wildcards; a typed "50%" means the characters. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A typed date (21-11-2026, 21/11/2026 or 2026-11-21) as ISO, for the date column of the search. */
function parseSearchDate(q: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(q);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(q);
  const [y, m, d] = iso ? [iso[1]!, iso[2]!, iso[3]!] : dmy ? [dmy[3]!, dmy[2]!, dmy[1]!] : [];
  if (!y || !m || !d) return null;
  const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}

/** Midnight of a Dhaka date as an instant (UTC+6, no daylight saving). */
function dhakaDayStart(iso: string): Date {
  return new Date(Date.parse(`${iso}T00:00:00Z`) - 6 * 3600_000);
}

/**
 * The search of spec 3 §2. Licence lists also match the licence number and the expiry date; the
 * other lists never touch the licences table in WHERE, so PostgreSQL drops that join (it is on a
 * unique key) and the trigram index answers the search.
 */
function searchCondition(eb: Eb, q: string, licenceQueue: boolean) {
  const pattern = likePattern(q);
  const ors = [eb(SEARCH_TEXT, 'like', pattern)];
  if (licenceQueue) ors.push(eb(sql<string>`l.licence_number::text`, 'like', pattern));
  const date = parseSearchDate(q);
  if (date) {
    const start = dhakaDayStart(date);
    ors.push(
      eb.and([eb('a.submitted_at', '>=', start), eb('a.submitted_at', '<', new Date(start.getTime() + 86_400_000))]),
    );
    if (licenceQueue) ors.push(eb('l.valid_to', '=', date));
  }
  return eb.or(ors);
}

function baseQuery(db: Database, queue: QueueName, query: ListQuery, today: string) {
  let qb = db
    .selectFrom('applications as a')
    .leftJoin('licences as l', 'l.application_id', 'a.id')
    .where('a.intake_status', '=', 'complete')
    .where((eb) => queueCondition(eb, queue, today));
  const licenceQueue = LICENCE_QUEUES.includes(queue);
  if (licenceQueue) qb = qb.where('l.id', 'is not', null);
  if (query.q) {
    const q = query.q;
    qb = qb.where((eb) => searchCondition(eb, q, licenceQueue));
  }
  return qb;
}

export async function listQueue(
  db: Database,
  queue: QueueName,
  query: ListQuery,
  today: string,
): Promise<Omit<QueuePage, 'counters'>> {
  const base = baseQuery(db, queue, query, today);
  const [{ total }] = (await base.select(sql<number>`count(*)::int`.as('total')).execute()) as [{ total: number }];
  const sortCol = SORT_COLUMNS[query.sort];
  const rows = await base
    .select([
      'a.id',
      'a.application_number',
      'a.kind',
      'a.applicant_name',
      'a.father_name',
      'a.mobile',
      'a.upazila',
      'a.village',
      'a.union_name',
      'a.mouza',
      'a.jl_number',
      'a.dag_number',
      'a.submitted_at',
      'a.stage',
      'a.final_remarks',
      'l.licence_number',
      'l.valid_to',
      sql<
        number | null
      >`case when jsonb_typeof(a.fields->'latitude') = 'number' then (a.fields->>'latitude')::float8 end`.as(
        'latitude',
      ),
      sql<
        number | null
      >`case when jsonb_typeof(a.fields->'longitude') = 'number' then (a.fields->>'longitude')::float8 end`.as(
        'longitude',
      ),
    ])
    // Plain ASC/DESC on application columns matches the indexes (submitted_at is set on every listed
    // row); licence columns are empty on some rows of mixed lists, and those go last.
    .orderBy(sql.ref(sortCol), (ob) => {
      const ordered = query.dir === 'asc' ? ob.asc() : ob.desc();
      return sortCol.startsWith('l.') ? ordered.nullsLast() : ordered;
    })
    // A unique tie-breaker keeps paging stable when many rows share the sorted value.
    .orderBy('a.application_number', query.dir)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();

  return {
    total,
    page: query.page,
    pageSize: query.pageSize,
    rows: rows.map((r): QueueRow => ({
      id: r.id,
      applicationNumber: Number(r.application_number),
      kind: r.kind,
      applicantName: r.applicant_name,
      fatherName: r.father_name,
      mobile: r.mobile,
      upazila: r.upazila,
      village: r.village,
      union: r.union_name,
      mouza: r.mouza,
      jlNumber: r.jl_number,
      dagNumber: r.dag_number,
      submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
      stage: r.stage,
      finalRemarks: r.final_remarks,
      licenceNumber: r.licence_number === null ? null : Number(r.licence_number),
      validTo: r.valid_to,
      latitude: r.latitude === null ? null : Number(r.latitude),
      longitude: r.longitude === null ? null : Number(r.longitude),
    })),
  };
}

/** The review levels with seen/unseen counters: each level's unseen list, seen flag and stage. */
const LEVELS = [
  { unseen: 'chairman-unseen', seenColumn: 'seen_chairman', stage: 'StepOne' },
  { unseen: 'uno-unseen', seenColumn: 'seen_uno', stage: 'StepTwo' },
  { unseen: 'badc-unseen', seenColumn: 'seen_badc', stage: 'StepThree' },
] as const satisfies readonly { unseen: QueueName; seenColumn: string; stage: string }[];

/**
 * Seen and unseen counts of the role's new-application lists (spec 3 §2 headers): the level whose
 * unseen list the role may open (decision 017); zero for roles without one.
 */
export async function countersFor(db: Database, role: StaffRole): Promise<QueuePage['counters']> {
  const level = LEVELS.find((l) => can(role, queuePermission(l.unseen)));
  if (!level) return { seen: 0, unseen: 0 };
  const { seenColumn } = level;
  // Two narrow counts, each able to use its index, instead of one pass over the whole table
  // (docs/BENCHMARKS.md "Server: lists and API": 38 ms → a few ms at 100,000 applications).
  const count = (where: (eb: ExpressionBuilder<DB, 'applications'>) => Expression<SqlBool>) =>
    db
      .selectFrom('applications')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('intake_status', '=', 'complete')
      .where(where)
      .executeTakeFirstOrThrow()
      .then((r) => r.n);
  const [seen, unseen] = await Promise.all([
    count((eb) => eb(seenColumn, '=', true)),
    count((eb) => eb.and([eb(seenColumn, '=', false), eb('stage', '=', level.stage)])),
  ]);
  return { seen, unseen };
}
