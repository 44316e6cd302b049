import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  can,
  deadlineRules,
  isLicenceQueue,
  LICENCE_QUEUE_STATUS,
  PIPELINE_KINDS,
  pipelineOf,
  queuePermission,
  stageDeadline,
  type LicenceStatus,
  type ParsedListQuery as ListQuery,
  type QueueName,
  type QueuePage,
  type QueueRow,
  type Stage,
  type StaffRole,
  type StoredKind,
} from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { licenceStatusSql } from '../licences/licence-status.js';
import { isLive } from '../applications/applications.repository.js';
import { getSettings } from '../settings/settings.repository.js';

/**
 * The officers' lists (spec 3 §2), filtered, searched, sorted and paged by PostgreSQL: the legacy
 * portal sent every row to the browser (spec README defect 4). Request lists are applications of
 * one pipeline's kinds (or of every kind: 'rejected'); licence lists are licences by their own
 * status (docs/decisions/021-review-engine-by-kind.md). Each request list's condition is the SQL
 * twin of ON_QUEUE in shared/src/access.ts; server/src/access.test.ts holds the two together.
 */
type Nullable<T> = { [K in keyof T]: T[K] | null };
type Tables = DB & { a: DB['applications']; li: Nullable<DB['licences']>; lr: Nullable<DB['licences']> };
type Eb = ExpressionBuilder<Tables, 'a' | 'li' | 'lr'>;
type RequestQueue = Exclude<QueueName, keyof typeof LICENCE_QUEUE_STATUS>;

/**
 * Identical to the indexed expression in migrations/20261121-03-review.ts (trigram index), so a
 * substring search is an index scan over application number, name, mobile, upazila, village,
 * union, mouza, JL number and dag number.
 */
export const SEARCH_TEXT = sql<string>`lower(a.application_number::text || ' ' || a.applicant_name || ' ' || a.mobile || ' ' || a.upazila || ' ' || a.village
        || ' ' || a.union_name || ' ' || a.mouza || ' ' || a.jl_number || ' ' || a.dag_number)`;

type Where = (eb: Eb) => Expression<SqlBool>;
type SeenColumn = 'a.seen_chairman' | 'a.seen_uno' | 'a.seen_badc';
/** A level's unseen list: at its stage, not yet seen by it. */
const unseenAt =
  (stage: Stage, seen: SeenColumn): Where =>
  (eb) =>
    eb.and([eb('a.stage', '=', stage), eb(seen, '=', false)]);
/** A level's seen list: everything it has seen. */
const seenBy =
  (seen: SeenColumn): Where =>
  (eb) =>
    eb(seen, '=', true);
const atStage =
  (stage: Stage): Where =>
  (eb) =>
    eb('a.stage', '=', stage);

const NEW = PIPELINE_KINDS.new;
const RENEWAL = PIPELINE_KINDS.renewal;
const CHANGE = PIPELINE_KINDS.change;

/** Each request list: the kinds it holds (all when null) and its condition on stage and seen flags. */
const REQUEST_QUEUES: Record<RequestQueue, { kinds: readonly StoredKind[] | null; where: Where }> = {
  'chairman-unseen': { kinds: NEW, where: unseenAt('StepOne', 'a.seen_chairman') },
  'chairman-seen': { kinds: NEW, where: seenBy('a.seen_chairman') },
  'uno-unseen': { kinds: NEW, where: unseenAt('StepTwo', 'a.seen_uno') },
  'uno-seen': { kinds: NEW, where: seenBy('a.seen_uno') },
  'badc-unseen': { kinds: NEW, where: unseenAt('StepThree', 'a.seen_badc') },
  'badc-seen': { kinds: NEW, where: seenBy('a.seen_badc') },
  pending: { kinds: NEW, where: atStage('Pending') },
  approvable: { kinds: NEW, where: atStage('Approvable') },
  notapprovable: { kinds: NEW, where: atStage('NotApprovable') },
  active: { kinds: NEW, where: atStage('Approved') },
  decline: { kinds: NEW, where: atStage('Decline') },
  'chairman-renew-unseen': { kinds: RENEWAL, where: unseenAt('StepOne', 'a.seen_chairman') },
  'chairman-renew-seen': { kinds: RENEWAL, where: seenBy('a.seen_chairman') },
  'uno-renew-unseen': { kinds: RENEWAL, where: unseenAt('StepTwo', 'a.seen_uno') },
  'uno-renew-seen': { kinds: RENEWAL, where: seenBy('a.seen_uno') },
  'badc-renew-unseen': { kinds: RENEWAL, where: unseenAt('StepThree', 'a.seen_badc') },
  'badc-renew-seen': { kinds: RENEWAL, where: seenBy('a.seen_badc') },
  'chairman-change-unseen': { kinds: CHANGE, where: unseenAt('StepOne', 'a.seen_chairman') },
  'chairman-change-seen': { kinds: CHANGE, where: seenBy('a.seen_chairman') },
  'uno-change-unseen': { kinds: CHANGE, where: unseenAt('StepTwo', 'a.seen_uno') },
  'uno-change-seen': { kinds: CHANGE, where: seenBy('a.seen_uno') },
  'change-pending': { kinds: CHANGE, where: atStage('Pending') },
  'change-approved': { kinds: CHANGE, where: atStage('Approved') },
  'change-decline': { kinds: CHANGE, where: atStage('Decline') },
  // Every kind: the one list of requests that ended declined, with the licence each was about.
  rejected: { kinds: null, where: atStage('Decline') },
};

/** The licence a request row shows: the one a renewal or change names, else the one it issued. */
const L = {
  id: sql<string | null>`coalesce(lr.id, li.id)`,
  number: sql<number | null>`coalesce(lr.licence_number, li.licence_number)`,
  holderName: sql<string | null>`coalesce(lr.holder_name, li.holder_name)`,
  version: sql<number | null>`coalesce(lr.version, li.version)`,
  validTo: sql<string | null>`coalesce(lr.valid_to, li.valid_to)`,
};

const SORT_COLUMNS = {
  applicationNumber: sql.ref('a.application_number'),
  applicantName: sql.ref('a.applicant_name'),
  mobile: sql.ref('a.mobile'),
  village: sql.ref('a.village'),
  union: sql.ref('a.union_name'),
  mouza: sql.ref('a.mouza'),
  submittedAt: sql.ref('a.submitted_at'),
  licenceNumber: L.number,
  validTo: L.validTo,
  // Kept by a trigger on every stage change (decision 040); indexed with the stage.
  stageSince: sql.ref('a.stage_since'),
} as const satisfies Record<ListQuery['sort'], unknown>;
const LICENCE_SORTS: readonly ListQuery['sort'][] = ['licenceNumber', 'validTo'];

/** LIKE treats % and _ as wildcards; a typed "50%" means the characters. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A typed date (21-11-2026, 21/11/2026 or 2026-11-21) as ISO, for the date column of the search. */
export function parseSearchDate(q: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(q);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(q);
  const [y, m, d] = iso ? [iso[1]!, iso[2]!, iso[3]!] : dmy ? [dmy[3]!, dmy[2]!, dmy[1]!] : [];
  if (!y || !m || !d) return null;
  const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}

/** Midnight of a Dhaka date as an instant (UTC+6, no daylight saving). */
export function dhakaDayStart(iso: string): Date {
  return new Date(Date.parse(`${iso}T00:00:00Z`) - 6 * 3600_000);
}

/**
 * The search of spec 3 §2. Lists that show licence numbers (the licence lists, the renewal lists,
 * 'rejected') also match the licence number and the expiry date; the other lists never touch the
 * licences tables in WHERE, so PostgreSQL drops those joins (each is on a unique key) and the
 * trigram index answers the search.
 */
function searchCondition(eb: Eb, q: string, withLicence: boolean) {
  const pattern = likePattern(q);
  const ors = [eb(SEARCH_TEXT, 'like', pattern)];
  if (withLicence) ors.push(eb(sql<string>`${L.number}::text`, 'like', pattern));
  const date = parseSearchDate(q);
  if (date) {
    const start = dhakaDayStart(date);
    ors.push(
      eb.and([eb('a.submitted_at', '>=', start), eb('a.submitted_at', '<', new Date(start.getTime() + 86_400_000))]),
    );
    if (withLicence) ors.push(eb(L.validTo, '=', date));
  }
  return eb.or(ors);
}

/** Lists whose rows are about a licence: searched by its number too. */
const searchesLicence = (queue: QueueName) =>
  isLicenceQueue(queue) ||
  queue === 'rejected' ||
  (REQUEST_QUEUES as Record<string, { kinds: unknown }>)[queue]?.kinds === PIPELINE_KINDS.renewal;

function baseQuery(db: Database, queue: QueueName, query: ListQuery, today: string) {
  let qb = db
    .selectFrom('applications as a')
    // The licence a New/Existing application issued, and the licence a renewal or change names.
    .leftJoin('licences as li', 'li.application_id', 'a.id')
    .leftJoin('licences as lr', 'lr.id', 'a.licence_id')
    // A deleted application is on no list (decision 037).
    .where(isLive('a'));
  if (isLicenceQueue(queue)) {
    // A licence list lists licences by their own status; each row opens the application that issued it.
    const status: LicenceStatus = LICENCE_QUEUE_STATUS[queue];
    qb = qb.where('li.id', 'is not', null).where(sql<LicenceStatus>`${licenceStatusSql(today, 'li')}`, '=', status);
  } else {
    const { kinds, where } = REQUEST_QUEUES[queue];
    qb = qb.where('a.intake_status', '=', 'complete').where(where);
    if (kinds) qb = qb.where('a.kind', 'in', kinds);
  }
  if (query.q) {
    const q = query.q;
    const withLicence = searchesLicence(queue);
    qb = qb.where((eb) => searchCondition(eb, q, withLicence));
  }
  return qb;
}

/** A number or numeric text from a form field, as the list shows it (renewal fee, receipt number). */
const fieldText = (name: string) =>
  sql<string | null>`case when jsonb_typeof(a.fields->${name}) in ('string', 'number') then a.fields->>${name} end`;

export async function listQueue(
  db: Database,
  queue: QueueName,
  query: ListQuery,
  today: string,
): Promise<Omit<QueuePage, 'counters'>> {
  const base = baseQuery(db, queue, query, today);
  // The deadline rules (targets, holidays) come with the count: no query per row (decision 040).
  const [[{ total }], rules] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).execute() as Promise<[{ total: number }]>,
    getSettings(db).then(deadlineRules),
  ]);
  const sortCol = SORT_COLUMNS[query.sort];
  const licenceSort = LICENCE_SORTS.includes(query.sort);
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
      L.id.as('licence_id'),
      L.number.as('licence_number'),
      L.holderName.as('holder_name'),
      L.version.as('licence_version'),
      L.validTo.as('valid_to'),
      sql<LicenceStatus | null>`case when coalesce(lr.id, li.id) is null then null
        when lr.id is not null then ${licenceStatusSql(today, 'lr')} else ${licenceStatusSql(today, 'li')} end`.as(
        'licence_status',
      ),
      fieldText('applicationFee').as('application_fee'),
      fieldText('receiptNumber').as('receipt_number'),
      // The well's position by the one rule (decision 028): BADC's recorded one, else the applicant's.
      'a.latitude',
      'a.longitude',
      'a.stage_since',
      'a.recheck_requested',
    ])
    // Plain ASC/DESC on application columns matches the indexes (submitted_at is set on every listed
    // row); licence columns are empty on some rows of mixed lists, and those go last.
    .orderBy(sortCol, (ob) => {
      const ordered = query.dir === 'asc' ? ob.asc() : ob.desc();
      return licenceSort ? ordered.nullsLast() : ordered;
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
      licenceId: r.licence_id,
      licenceNumber: r.licence_number === null ? null : Number(r.licence_number),
      holderName: r.holder_name,
      licenceStatus: r.licence_status,
      licenceVersion: r.licence_version === null ? null : Number(r.licence_version),
      validTo: r.valid_to === null ? null : String(r.valid_to).slice(0, 10),
      applicationFee: r.application_fee,
      receiptNumber: r.receipt_number,
      latitude: r.latitude === null ? null : Number(r.latitude),
      longitude: r.longitude === null ? null : Number(r.longitude),
      // Its age in its stage against the target; stopped while the applicant is asked to correct.
      deadline: r.stage_since
        ? stageDeadline(
            { pipeline: pipelineOf(r.kind), stage: r.stage, since: r.stage_since, paused: r.recheck_requested },
            today,
            rules,
          )
        : null,
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
      .where('kind', 'in', PIPELINE_KINDS.new)
      .where(isLive())
      .where(where)
      .executeTakeFirstOrThrow()
      .then((r) => r.n);
  const [seen, unseen] = await Promise.all([
    count((eb) => eb(seenColumn, '=', true)),
    count((eb) => eb.and([eb(seenColumn, '=', false), eb('stage', '=', level.stage)])),
  ]);
  return { seen, unseen };
}
