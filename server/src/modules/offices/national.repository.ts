import { sql } from 'kysely';
import type { AreaGrant } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { baseOf, officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { inTransaction, writeAudit, type AuditActor } from '../audit/audit.repository.js';
import { accountEntity } from '../accounts/accounts.repository.js';
import { accountForAppointment } from '../accounts/create-admin.js';
import { roleHere, setRoleHere } from '../auth/staff-roles.js';
import { hashPassword } from '../auth/password.js';
import { randomPassword } from '../auth/password-policy.js';
import { licenceStatusSql } from '../licences/licence-status.js';
import { updateSettings } from '../settings/settings.repository.js';
import { listOffices, officesChanged, type Office } from './offices.repository.js';
import { setAreaRole } from './area-roles.repository.js';

/**
 * The national administrator's work and the area viewers' figures (docs/decisions/057-offices.md,
 * step 4): the one writer of `offices` after the first migration, and of the appointment of an
 * office's Admin from outside the office. Each change is audited in the office it concerns.
 */

/** The offices an area role sees: every office for the national administrator, else the open offices of its area. */
export async function officesOfArea(db: Database, area: AreaGrant): Promise<Office[]> {
  const offices = await listOffices(db);
  if (area.role === 'NationalAdmin') return offices;
  return offices.filter(
    (o) =>
      o.open &&
      (area.role === 'DistrictViewer' ? o.district?.id === area.districtId : o.division?.id === area.divisionId),
  );
}

export interface OfficeFigures {
  officeId: number;
  applications: number;
  inReview: number;
  approved: number;
  declined: number;
  licencesInForce: number;
}

/**
 * Each office's figures in one pass per table, under a scope of exactly these offices: the
 * row-level policy itself keeps every other office's rows out, and `office_id` leads the indexes.
 */
export async function figuresOf(db: Database, officeIds: readonly number[], today: string): Promise<OfficeFigures[]> {
  if (officeIds.length === 0) return [];
  const area = scopedDatabase(baseOf(db), { officeIds, officeId: null });
  const [applications, licences] = await Promise.all([
    area
      .selectFrom('applications')
      .select((eb) => [
        'office_id',
        eb.fn.countAll<number>().as('applications'),
        sql<number>`count(*) FILTER (WHERE stage NOT IN ('Approved', 'Decline'))`.as('in_review'),
        sql<number>`count(*) FILTER (WHERE stage = 'Approved')`.as('approved'),
        sql<number>`count(*) FILTER (WHERE stage = 'Decline')`.as('declined'),
      ])
      .where('intake_status', '=', 'complete')
      .where('deleted_at', 'is', null)
      .groupBy('office_id')
      .execute(),
    area
      .selectFrom('licences')
      .select((eb) => ['office_id', eb.fn.countAll<number>().as('n')])
      .where(sql<boolean>`${licenceStatusSql(today)} = 'active'`)
      .groupBy('office_id')
      .execute(),
  ]);
  return officeIds.map((officeId) => {
    const a = applications.find((r) => r.office_id === officeId);
    return {
      officeId,
      applications: Number(a?.applications ?? 0),
      inReview: Number(a?.in_review ?? 0),
      approved: Number(a?.approved ?? 0),
      declined: Number(a?.declined ?? 0),
      licencesInForce: Number(licences.find((r) => r.office_id === officeId)?.n ?? 0),
    };
  });
}

export type OpenResult = { office: Office } | { refused: 'upazilaTaken' | 'hostTaken' | 'noSuchUpazila' };

/** Opens the office of an upazila of the country's list, named from the list, at `host` or the list's address. */
export async function openOffice(
  db: Database,
  input: { upazilaId: number; host: string | null },
  by: AuditActor,
  now: Date,
): Promise<OpenResult> {
  const base = baseOf(db);
  // The national tables through the request's own database (portal_app's grants), not the owner's.
  const upazila = await db
    .selectFrom('upazilas as u')
    .innerJoin('districts as d', 'd.id', 'u.district_id')
    .select(['u.id', 'u.name_bn', 'u.name_en', 'u.website', 'd.name_bn as district_bn'])
    .where('u.id', '=', input.upazilaId)
    .executeTakeFirst();
  if (!upazila) return { refused: 'noSuchUpazila' };
  const host = input.host ?? upazila.website?.toLowerCase() ?? null;
  const taken = await db
    .selectFrom('offices')
    .select(['upazila_id', 'host'])
    .where((eb) => eb.or([eb('upazila_id', '=', upazila.id), ...(host ? [eb('host', '=', host)] : [])]))
    .execute();
  if (taken.some((t) => t.upazila_id === upazila.id)) return { refused: 'upazilaTaken' };
  if (taken.length > 0) return { refused: 'hostTaken' };
  const row = await db
    .insertInto('offices')
    .values({
      upazila_id: upazila.id,
      name_bn: upazila.name_bn,
      name_en: upazila.name_en,
      host,
      code: `u${upazila.id}`,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) {
    // Another administrator opened it, or took the address, a moment ago.
    const now = await db.selectFrom('offices').select('id').where('upazila_id', '=', upazila.id).executeTakeFirst();
    return { refused: now ? 'upazilaTaken' : 'hostTaken' };
  }
  officesChanged(db);
  await writeAudit(scopedDatabase(base, officeScope(row.id)), {
    applicationId: null,
    entity: { type: 'settings', id: row.id, label: upazila.name_en },
    actor: by,
    action: 'office.opened',
    details: { after: { name: upazila.name_bn, host, code: `u${upazila.id}` } },
    at: now,
  });
  // Its site names its upazila and district from the start; its Admin fills in the rest.
  await updateSettings(
    scopedDatabase(base, officeScope(row.id)),
    { address: upazila.name_bn, jilla: upazila.district_bn },
    { updatedBy: typeof by === 'object' ? by : null, now },
  );
  const office = (await listOffices(db)).find((o) => o.id === row.id);
  if (!office) throw new Error(`office ${row.id} was opened but is not in the list`);
  return { office };
}

export interface OfficeChange {
  nameBn?: string;
  nameEn?: string;
  host?: string | null;
  open?: boolean;
}

/** Renames, readdresses, closes or reopens an office; null when there is none, 'hostTaken' when the address is another's. */
export async function changeOffice(
  db: Database,
  id: number,
  change: OfficeChange,
  by: AuditActor,
  now: Date,
): Promise<Office | 'hostTaken' | null> {
  const base = baseOf(db);
  const before = await db
    .selectFrom('offices')
    .select(['name_bn', 'name_en', 'host', 'closed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) return null;
  if (change.host) {
    const other = await db
      .selectFrom('offices')
      .select('id')
      .where('host', '=', change.host)
      .where('id', '<>', id)
      .executeTakeFirst();
    if (other) return 'hostTaken';
  }
  const next = {
    name_bn: change.nameBn ?? before.name_bn,
    name_en: change.nameEn ?? before.name_en,
    host: change.host === undefined ? before.host : change.host,
    closed_at: change.open === undefined ? before.closed_at : change.open ? null : (before.closed_at ?? now),
  };
  await db.updateTable('offices').set(next).where('id', '=', id).execute();
  officesChanged(db);
  const shown = (r: typeof before) => ({
    nameBn: r.name_bn,
    nameEn: r.name_en,
    host: r.host,
    open: r.closed_at === null,
  });
  const [was, is] = [shown(before), shown(next)];
  const changed = (Object.keys(was) as (keyof typeof was)[]).filter((k) => was[k] !== is[k]);
  if (changed.length > 0) {
    await writeAudit(scopedDatabase(base, officeScope(id)), {
      applicationId: null,
      entity: { type: 'settings', id, label: next.name_en },
      actor: by,
      action: 'office.changed',
      details: { changed, before: was, after: is },
      at: now,
    });
  }
  return (await listOffices(db)).find((o) => o.id === id) ?? null;
}

/**
 * Makes a person the Admin of an office, from outside it. An existing account keeps its password
 * (it may work in another office too) and gets the role here; a new one is made with a one-time
 * password, answered once for the administrator to hand over, which must be changed at first
 * sign-in (decision 014).
 */
export async function appointAdmin(
  officeDb: Database,
  input: { email: string; name: string | null },
  by: AuditActor,
  now: Date,
): Promise<{ created: boolean; password: string | null; userId: number }> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  return inTransaction(officeDb, async (trx) => {
    const { id, created } = await accountForAppointment(trx, { ...input, passwordHash, resetExisting: false, now });
    const before = created ? null : (await roleHere(trx, id)).role;
    await setRoleHere(trx, id, 'Admin');
    // Never the password (decision 041).
    await writeAudit(trx, {
      applicationId: null,
      entity: accountEntity({ id, email: input.email }),
      actor: by,
      action: 'account.adminAppointed',
      details: { changed: ['role'], before: { role: before }, after: { role: 'Admin' }, created },
      at: now,
    });
    return { created, password: created ? password : null, userId: id };
  });
}

/**
 * Gives a person a role over an area from the server's console (`npm run create-admin --
 * --national`, or `--district <id>`): the first national administrator can only be made there.
 * Like the console's Admin, the account gets a fresh one-time password, made or found by e-mail;
 * it must be changed at first sign-in (decision 014). Audited in the first open office, as the
 * portal's own doing.
 */
export async function grantAreaRoleFromConsole(
  officeDb: Database,
  input: { email: string; role: AreaGrant['role']; districtId: number | null; divisionId: number | null },
  now: Date,
): Promise<{ email: string; password: string; created: boolean }> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  return inTransaction(officeDb, async (trx) => {
    const { id, created } = await accountForAppointment(trx, {
      email: input.email,
      passwordHash,
      resetExisting: true,
      now,
    });
    await setAreaRole(trx, { id, email: input.email, created }, input, {
      by: 'system',
      action: 'account.areaRole',
      now,
    });
    return { email: input.email, password, created };
  });
}
