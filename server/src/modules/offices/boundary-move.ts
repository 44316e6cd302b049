import { sql, type Transaction } from 'kysely';
import {
  toBanglaDigits,
  translate,
  type BoundaryMovePreview,
  type BoundaryMoveResult,
  type BoundaryMoveSelection,
  type BoundaryMoveUnions,
  type MessageKey,
} from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { baseOf, officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { writeAudits, type StaffActor } from '../audit/audit.repository.js';
import { Problem } from '../../platform/http/problem.js';
import { takeOfficeNumbers } from './office-counters.js';
import { enqueueSms } from '../sms/outbox.js';
import { smsText } from '../sms/messages.js';
import { officeById } from './office-lookup.js';
import type { Office } from './offices.repository.js';

/**
 * Licences and their wells moved from one office to another when a new upazila is formed (issue 22
 * "Boundaries change", docs/decisions/057-offices.md): the one writer of the move.
 *
 * A licence moves whole: the licence, its periods and history, the request that made it and every
 * renewal and change request about it, their files and field visits with the photos, the bytes of
 * each, and the audit rows about them (an application's history is read from its audit rows, so they
 * travel with it). The licence takes the new office's next number and each application the next
 * application number; the old ones stay in the licence's history, in `licence_moves` (national: the
 * old office's printed papers still name the old number) and in both offices' audit rows. A
 * citizen's short-lived grants and codes for those applications are dropped: they were for the old
 * office's address. Complaints, copy requests, resolutions and texts stay: they were the old
 * office's own dealings.
 *
 * The move runs in one transaction whose scope is exactly the two offices, so the row-level policy
 * lets it read the old office's rows and write them into the new one, and nothing else. Such a scope
 * has no explicit office filter (db/office-filter.ts adds one only for one office), so every query
 * here names the office it means.
 */

type Trx = Transaction<DB>;
/** Statements bounded well under PostgreSQL's 65,535 parameters. */
const CHUNK = 2000;

const field = (name: string, key: MessageKey, params?: Record<string, string | number>) =>
  new Problem('VALIDATION', { fields: { [name]: translate('bn', key, params) } });

const officeRef = (o: Office) => ({ id: o.id, nameBn: o.nameBn, nameEn: o.nameEn, code: o.code });

/** Both offices, open; refused on the field otherwise. */
async function openOffices(db: Database, sel: BoundaryMoveSelection): Promise<{ from: Office; to: Office }> {
  const [from, to] = await Promise.all([officeById(db, sel.fromOfficeId), officeById(db, sel.toOfficeId)]);
  const fields: Record<string, string> = {};
  if (!from?.open) fields.fromOfficeId = translate('bn', 'boundaryMove.v.officeNotOpen');
  if (!to?.open) fields.toOfficeId = translate('bn', 'boundaryMove.v.officeNotOpen');
  if (!from || !to || Object.keys(fields).length) throw new Problem('VALIDATION', { fields });
  if (from.id === to.id) throw field('toOfficeId', 'boundaryMove.v.sameOffice');
  return { from, to };
}

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** Rows of `query(ids)` for every chunk of ids. */
async function each<T, R>(ids: readonly T[], query: (ids: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(ids)) out.push(...(await query(part)));
  return out;
}

interface Gathered {
  licences: {
    id: string;
    number: number;
    applicationId: string;
    holderName: string;
    union: string;
    village: string;
    mobile: string;
  }[];
  applications: { id: string; number: number; licenceId: string }[];
  fileCount: number;
  visitIds: string[];
  photoCount: number;
  auditIds: number[];
  blobIds: string[];
}

/**
 * What belongs to the chosen licences of office `from`: refused on the field when a number is not
 * the office's, or the unions hold none of its licences. `lock` holds the licences until the
 * transaction ends, so a second move of the same ones waits and then finds them gone.
 */
async function gather(trx: Database, from: number, sel: BoundaryMoveSelection, lock: boolean): Promise<Gathered> {
  let query = trx
    .selectFrom('licences as l')
    .innerJoin('applications as a', 'a.id', 'l.application_id')
    .select(['l.id', 'l.licence_number', 'l.application_id', 'l.holder_name', 'a.applicant_name', 'a.union_name'])
    .select(['a.village', 'a.mobile'])
    .where('l.office_id', '=', from)
    .where('a.office_id', '=', from)
    .orderBy('l.licence_number');
  query = sel.licenceNumbers
    ? query.where('l.licence_number', 'in', sel.licenceNumbers)
    : query.where('a.union_name', 'in', sel.unions!);
  const rows = await (lock ? query.forUpdate('l') : query).execute();
  const licences = rows.map((r) => ({
    id: r.id,
    number: Number(r.licence_number),
    applicationId: r.application_id,
    holderName: r.holder_name || r.applicant_name,
    union: r.union_name,
    village: r.village,
    mobile: r.mobile,
  }));
  if (sel.licenceNumbers) {
    const found = new Set(licences.map((l) => l.number));
    const missing = [...new Set(sel.licenceNumbers)].filter((n) => !found.has(n));
    if (missing.length)
      throw field('licenceNumbers', 'boundaryMove.v.notFound', {
        numbers: missing
          .slice(0, 20)
          .map((n) => toBanglaDigits(String(n)))
          .join(', '),
      });
  }
  if (licences.length === 0) throw field('unions', 'boundaryMove.v.noneInUnions');

  const licenceIds = licences.map((l) => l.id);
  const madeBy = new Map(licences.map((l) => [l.applicationId, l.id]));
  // The request that made each licence, and every renewal and change request about it (deleted ones too).
  const found = await each(licences, (part) =>
    trx
      .selectFrom('applications')
      .select(['id', 'application_number', 'licence_id'])
      .where('office_id', '=', from)
      .where((eb) =>
        eb.or([
          eb(
            'id',
            'in',
            part.map((l) => l.applicationId),
          ),
          eb(
            'licence_id',
            'in',
            part.map((l) => l.id),
          ),
        ]),
      )
      .execute(),
  );
  const applications = [...new Map(found.map((a) => [a.id, a])).values()]
    .map((a) => ({ id: a.id, number: Number(a.application_number), licenceId: a.licence_id ?? madeBy.get(a.id)! }))
    .sort((a, b) => a.number - b.number);
  const appIds = applications.map((a) => a.id);

  const files = await each(appIds, (ids) =>
    trx
      .selectFrom('application_files')
      .select('blob_id')
      .where('office_id', '=', from)
      .where('application_id', 'in', ids)
      .execute(),
  );
  const visitIds = (
    await each(appIds, (ids) =>
      trx
        .selectFrom('field_visits')
        .select('id')
        .where('office_id', '=', from)
        .where('application_id', 'in', ids)
        .execute(),
    )
  ).map((v) => v.id);
  const photos = await each(visitIds, (ids) =>
    trx
      .selectFrom('field_visit_photos')
      .select('blob_id')
      .where('office_id', '=', from)
      .where('visit_id', 'in', ids)
      .execute(),
  );
  const audit = [
    ...(await each(appIds, (ids) =>
      trx
        .selectFrom('audit_log')
        .select(['id', sql<string | null>`details->>'oldBlobId'`.as('old_blob')])
        .where('office_id', '=', from)
        .where('application_id', 'in', ids)
        .execute(),
    )),
    ...(await each(licenceIds, (ids) =>
      trx
        .selectFrom('audit_log')
        .select(['id', sql<string | null>`details->>'oldBlobId'`.as('old_blob')])
        .where('office_id', '=', from)
        .where('application_id', 'is', null)
        .where('licence_id', 'in', ids)
        .execute(),
    )),
  ];
  // A file an officer replaced is kept for the audit row that names it (decision 038): it goes too.
  const blobIds = [
    ...new Set([
      ...files.map((f) => f.blob_id),
      ...photos.flatMap((p) => (p.blob_id ? [p.blob_id] : [])),
      ...audit.flatMap((a) => (a.old_blob ? [a.old_blob] : [])),
    ]),
  ];
  return {
    licences,
    applications,
    fileCount: files.length,
    visitIds,
    photoCount: photos.length,
    auditIds: audit.map((a) => a.id),
    blobIds,
  };
}

const countsOf = (g: Gathered) => ({
  licences: g.licences.length,
  applications: g.applications.length,
  files: g.fileCount,
  visits: g.visitIds.length,
  photos: g.photoCount,
});

/** The unions the office's licensed wells are in, with how many licences each. */
export async function unionsOfOffice(db: Database, officeId: number): Promise<BoundaryMoveUnions> {
  const office = await officeById(db, officeId);
  if (!office) throw new Problem('NOT_FOUND');
  const rows = await scopedDatabase(baseOf(db), officeScope(officeId))
    .selectFrom('licences as l')
    .innerJoin('applications as a', 'a.id', 'l.application_id')
    .select(['a.union_name', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('a.union_name')
    .orderBy('a.union_name')
    .execute();
  return { unions: rows.map((r) => ({ name: r.union_name, licences: Number(r.n) })) };
}

/** What a move would take, read in the old office alone. */
export async function previewMove(db: Database, sel: BoundaryMoveSelection): Promise<BoundaryMovePreview> {
  const { from, to } = await openOffices(db, sel);
  const g = await gather(scopedDatabase(baseOf(db), officeScope(from.id)), from.id, sel, false);
  const perLicence = new Map<string, number>();
  for (const a of g.applications) perLicence.set(a.licenceId, (perLicence.get(a.licenceId) ?? 0) + 1);
  return {
    from: officeRef(from),
    to: officeRef(to),
    counts: countsOf(g),
    licences: g.licences.map((l) => ({
      licenceNumber: l.number,
      holderName: l.holderName,
      union: l.union,
      village: l.village,
      applications: perLicence.get(l.id) ?? 0,
    })),
  };
}

/** The answer of a move already made with this key, or null; a key used for other offices is a conflict. */
async function madeBefore(db: Database, key: string, sel: BoundaryMoveSelection): Promise<BoundaryMoveResult | null> {
  const prior = await db
    .selectFrom('licence_moves')
    .select(['from_office_id', 'to_office_id'])
    .where('move_key', '=', key)
    .executeTakeFirst();
  if (!prior) return null;
  if (prior.from_office_id !== sel.fromOfficeId || prior.to_office_id !== sel.toOfficeId)
    throw new Problem('IDEMPOTENCY_CONFLICT', {
      fields: { moveKey: translate('bn', 'boundaryMove.v.keyUsed') },
    });
  // The answer is the old office's audit row of the move, which holds it whole.
  const row = await scopedDatabase(baseOf(db), officeScope(prior.from_office_id))
    .selectFrom('audit_log')
    .select(sql<BoundaryMoveResult>`details->'payload'`.as('result'))
    .where('action', '=', 'licence.movedOut')
    .where(sql<boolean>`details->>'moveId' = ${key}`)
    .executeTakeFirstOrThrow();
  return row.result;
}

/** Rows `(id, number)` for an UPDATE … FROM (VALUES …). */
const pairs = (rows: { id: string; n: number }[], type: 'uuid') =>
  sql.join(rows.map((r) => sql`(${r.id}::${sql.raw(type)}, ${r.n}::bigint)`));

/** Moves the chosen licences and all that belongs to them; a retried request (same key) moves nothing again. */
export async function moveLicences(
  db: Database,
  sel: BoundaryMoveSelection & { moveKey: string },
  by: StaffActor,
  now: Date,
): Promise<{ result: BoundaryMoveResult; replayed: boolean }> {
  const replay = await madeBefore(db, sel.moveKey, sel);
  if (replay) return { result: replay, replayed: true };
  const { from, to } = await openOffices(db, sel);
  const both = scopedDatabase(baseOf(db), { officeIds: [from.id, to.id], officeId: to.id });
  try {
    const result = await both.transaction().execute((trx) => move(trx, from, to, sel, by, now));
    return { result, replayed: false };
  } catch (error) {
    // The same key sent twice at once: the second waited for the first's licences, found them gone
    // (or its key taken), and answers with the first's move.
    const again = await madeBefore(db, sel.moveKey, sel);
    if (again) return { result: again, replayed: true };
    throw error;
  }
}

async function move(
  trx: Trx,
  from: Office,
  to: Office,
  sel: BoundaryMoveSelection & { moveKey: string },
  by: StaffActor,
  now: Date,
): Promise<BoundaryMoveResult> {
  const g = await gather(trx, from.id, sel, true);
  const firstLicence = await takeOfficeNumbers(trx, 'licence', g.licences.length);
  const firstApp = g.applications.length ? await takeOfficeNumbers(trx, 'application', g.applications.length) : 0;
  const licences = g.licences.map((l, i) => ({ ...l, to: firstLicence + i }));
  const applications = g.applications.map((a, i) => ({ ...a, to: firstApp + i }));
  const licenceIds = licences.map((l) => l.id);
  const appIds = applications.map((a) => a.id);

  // Each file's bytes move with it. Every upload has its own blob (files/blob-store.ts); one still
  // named by a row that stays would be left behind the wall, so it stops the move instead.
  for (const ids of chunks(g.blobIds)) {
    const shared = await trx
      .selectFrom('application_files')
      .select('id')
      .where('office_id', '=', from.id)
      .where('blob_id', 'in', ids)
      .where('application_id', 'not in', appIds)
      .executeTakeFirst();
    if (shared) throw new Error(`blob shared with application file ${shared.id}`);
  }

  for (const part of chunks(licences)) {
    await sql`UPDATE licences AS l SET office_id = ${to.id}, licence_number = v.n, version = l.version + 1
      FROM (VALUES ${pairs(
        part.map((l) => ({ id: l.id, n: l.to })),
        'uuid',
      )}) AS v(id, n) WHERE l.id = v.id AND l.office_id = ${from.id}`.execute(trx);
  }
  for (const part of chunks(applications)) {
    await sql`UPDATE applications AS a SET office_id = ${to.id}, application_number = v.n
      FROM (VALUES ${pairs(
        part.map((a) => ({ id: a.id, n: a.to })),
        'uuid',
      )}) AS v(id, n) WHERE a.id = v.id AND a.office_id = ${from.id}`.execute(trx);
  }
  const relocate = async (
    table:
      | 'licence_changes'
      | 'licence_periods'
      | 'application_files'
      | 'field_visits'
      | 'field_visit_photos'
      | 'blobs'
      | 'audit_log',
    column: string,
    ids: readonly (string | number)[],
  ) => {
    for (const part of chunks(ids))
      await sql`UPDATE ${sql.table(table)} SET office_id = ${to.id}
        WHERE office_id = ${from.id} AND ${sql.ref(column)} IN (${sql.join(part)})`.execute(trx);
  };
  await relocate('licence_changes', 'licence_id', licenceIds);
  await relocate('licence_periods', 'licence_id', licenceIds);
  await relocate('blobs', 'id', g.blobIds);
  await relocate('application_files', 'application_id', appIds);
  await relocate('field_visits', 'id', g.visitIds);
  await relocate('field_visit_photos', 'visit_id', g.visitIds);
  await relocate('audit_log', 'id', g.auditIds);
  // A citizen's grant or code was for the old office's address; they sign in again at the new one.
  for (const part of chunks(appIds)) {
    await trx
      .deleteFrom('citizen_grants')
      .where('office_id', '=', from.id)
      .where('application_id', 'in', part)
      .execute();
    await trx
      .deleteFrom('otp_challenges')
      .where('office_id', '=', from.id)
      .where('application_id', 'in', part)
      .execute();
  }

  // The licence's own history keeps its old office and number (the certificate prints it).
  for (const part of chunks(licences)) {
    await trx
      .insertInto('licence_changes')
      .values(
        part.map((l) => ({
          office_id: to.id,
          licence_id: l.id,
          request_id: null,
          field: 'office' as const,
          from_value: `${from.nameBn} · ${l.number}`,
          to_value: `${to.nameBn} · ${l.to}`,
          at: now,
          by: by.userId,
        })),
      )
      .execute();
    await trx
      .insertInto('licence_moves')
      .values(
        part.map((l) => ({
          from_office_id: from.id,
          from_number: l.number,
          to_office_id: to.id,
          to_number: l.to,
          move_key: sel.moveKey,
          moved_by: by.userId,
          moved_at: now,
        })),
      )
      .execute();
  }

  // The holder is told the new office and numbers (their papers and status page now need them), in
  // the new office's outbox, once per licence and move.
  const newAppNumber = new Map(applications.map((a) => [a.id, a.to]));
  for (const l of licences) {
    await enqueueSms(trx, {
      to: l.mobile,
      body: smsText.licenceMoved({
        office: to.nameBn,
        licenceNumber: l.to,
        applicationNumber: newAppNumber.get(l.applicationId)!,
        site: to.host ?? '',
      }),
      kind: 'licenceMoved',
      dedupeKey: `move:${sel.moveKey}:${l.id}`,
    });
  }

  const result: BoundaryMoveResult = {
    moveKey: sel.moveKey,
    from: officeRef(from),
    to: officeRef(to),
    counts: countsOf(g),
    licences: licences.map((l) => ({ from: l.number, to: l.to })),
    applications: applications.map((a) => ({ from: a.number, to: a.to })),
  };
  // Audited in both offices: the old one's row lists every number that left (and keeps the answer
  // a retried request gets, as its payload); each licence's row in the new one sits in its history.
  const arrows = (pairs: { from: number; to: number }[]) => pairs.map((p) => `${p.from} → ${p.to}`).join(', ');
  await trx
    .insertInto('audit_log')
    .values({
      office_id: from.id,
      application_id: null,
      licence_id: null,
      actor_user_id: by.userId,
      actor_label: by.email,
      action: 'licence.movedOut',
      note: to.nameBn,
      details: JSON.stringify({
        moveId: sel.moveKey,
        toOffice: to.nameBn,
        licenceNumbers: arrows(result.licences),
        applicationNumbers: arrows(result.applications),
        payload: result,
      }),
      at: now,
    })
    .execute();
  const byLicence = new Map<string, { from: number; to: number }[]>();
  for (const a of applications)
    byLicence.set(a.licenceId, [...(byLicence.get(a.licenceId) ?? []), { from: a.number, to: a.to }]);
  await writeAudits(
    trx,
    licences.map((l) => ({
      applicationId: l.applicationId,
      licenceId: l.id,
      actor: by,
      action: 'licence.movedIn',
      note: from.nameBn,
      details: {
        moveId: sel.moveKey,
        fromOffice: from.nameBn,
        oldLicenceNumber: l.number,
        licenceNumber: l.to,
        applicationNumbers: arrows(byLicence.get(l.id) ?? []),
      },
      at: now,
    })),
  );
  return result;
}

/**
 * Where a licence number of an office went, following moves on (a licence moved twice): null when
 * the number never moved. A QR printed by the old office still finds the licence this way.
 */
export async function movedTo(
  db: Database,
  officeId: number,
  number: number,
): Promise<{ officeId: number; number: number } | null> {
  let at: { officeId: number; number: number } | null = null;
  let office = officeId;
  let n = number;
  // A licence moves rarely; the bound only stops a cycle of moves there and back from looping.
  for (let hop = 0; hop < 10; hop++) {
    const row = await db
      .selectFrom('licence_moves')
      .select(['to_office_id', 'to_number'])
      .where('from_office_id', '=', office)
      .where('from_number', '=', n)
      .executeTakeFirst();
    if (!row) break;
    at = { officeId: row.to_office_id, number: Number(row.to_number) };
    office = at.officeId;
    n = at.number;
  }
  return at;
}
