import { sql, type Transaction } from 'kysely';
import type { AreaGrant } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { baseOf, scopedDatabase } from '../../platform/db/office-scope.js';
import { endSessionsOfUser } from '../../platform/http/session.js';
import { inTransaction, writeAudit, type AuditActor, type StaffActor } from '../audit/audit.repository.js';
import { accountEntity } from '../accounts/accounts.repository.js';
import { accountForAppointment } from '../accounts/create-admin.js';
import { hashPassword } from '../auth/password.js';
import { randomPassword } from '../auth/password-policy.js';

/**
 * Who holds which area role (docs/decisions/057-offices.md, step 4): the one writer of
 * `area_roles`, from the console (national.repository.ts) and from the national administrator's
 * screen (area-roles.routes.ts). A change made on the screen is audited with no office, as the
 * national address's own doing (migration 20261128-07-national-audit).
 */

export interface AreaRoleValues {
  role: AreaGrant['role'];
  districtId: number | null;
  divisionId: number | null;
}

/** The database of no office: its audit rows carry no office and no office's audit page shows them. */
const national = (db: Database) => scopedDatabase(baseOf(db), { officeIds: [], officeId: null });

/** Gives an account its one area role (replacing any other), audited as `action` by `by`. */
export async function setAreaRole(
  trx: Transaction<DB>,
  account: { id: number; email: string; created: boolean },
  area: AreaRoleValues,
  audit: { by: AuditActor; action: 'account.areaRole' | 'account.areaRoleGranted'; now: Date },
): Promise<void> {
  const values = { role: area.role, district_id: area.districtId, division_id: area.divisionId };
  const before = await trx
    .selectFrom('area_roles')
    .select(['role', 'district_id', 'division_id'])
    .where('user_id', '=', account.id)
    .executeTakeFirst();
  await trx
    .insertInto('area_roles')
    .values({ user_id: account.id, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, granted_at: sql`now()` }))
    .execute();
  await writeAudit(trx, {
    applicationId: null,
    entity: accountEntity(account),
    actor: audit.by,
    action: audit.action,
    details: { before: before ?? null, after: values, created: account.created },
    at: audit.now,
  });
}

export interface AreaRoleHolder {
  userId: number;
  email: string;
  name: string | null;
  role: AreaGrant['role'];
  district: { id: number; nameBn: string; nameEn: string } | null;
  division: { id: number; nameBn: string; nameEn: string } | null;
  grantedAt: string;
}

/** Everyone with an area role, the national administrators first, then by e-mail. */
export async function areaRoleHolders(db: Database): Promise<AreaRoleHolder[]> {
  const rows = await db
    .selectFrom('area_roles as r')
    .innerJoin('staff_users as u', 'u.id', 'r.user_id')
    .leftJoin('districts as d', 'd.id', 'r.district_id')
    .leftJoin('divisions as v', 'v.id', 'r.division_id')
    .select(['r.user_id', 'r.role', 'r.granted_at', 'u.email', 'u.display_name'])
    .select(['d.id as district_id', 'd.name_bn as district_bn', 'd.name_en as district_en'])
    .select(['v.id as division_id', 'v.name_bn as division_bn', 'v.name_en as division_en'])
    .orderBy('r.role', 'desc')
    .orderBy('u.email')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    name: r.display_name,
    role: r.role as AreaGrant['role'],
    district: r.district_id === null ? null : { id: r.district_id, nameBn: r.district_bn!, nameEn: r.district_en! },
    division: r.division_id === null ? null : { id: r.division_id, nameBn: r.division_bn!, nameEn: r.division_en! },
    grantedAt: new Date(r.granted_at as unknown as Date).toISOString(),
  }));
}

/** The divisions and districts a viewer may be given, for the grant form's pickers. */
export async function grantableAreas(db: Database) {
  const [divisions, districts] = await Promise.all([
    db.selectFrom('divisions').select(['id', 'name_bn', 'name_en']).orderBy('name_en').execute(),
    db.selectFrom('districts').select(['id', 'division_id', 'name_bn', 'name_en']).orderBy('name_en').execute(),
  ]);
  return {
    divisions: divisions.map((d) => ({ id: d.id, nameBn: d.name_bn, nameEn: d.name_en })),
    districts: districts.map((d) => ({ id: d.id, divisionId: d.division_id, nameBn: d.name_bn, nameEn: d.name_en })),
  };
}

export type GrantResult =
  { refused: 'noSuchArea' | 'nationalAdmin' } | { created: boolean; password: string | null; userId: number };

/**
 * Makes a person a district or division viewer from the national screen. An existing account keeps
 * its password (it may work in an office too); a new one gets a one-time password, answered once,
 * to be changed at first sign-in (decision 014). A national administrator is not demoted here.
 */
export async function grantAreaViewer(
  db: Database,
  input: { email: string; name: string | null } & AreaRoleValues,
  by: AuditActor,
  now: Date,
): Promise<GrantResult> {
  const exists =
    input.role === 'DistrictViewer'
      ? await db.selectFrom('districts').select('id').where('id', '=', input.districtId!).executeTakeFirst()
      : await db.selectFrom('divisions').select('id').where('id', '=', input.divisionId!).executeTakeFirst();
  if (!exists) return { refused: 'noSuchArea' };
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  return inTransaction(national(db), async (trx) => {
    const held = await trx
      .selectFrom('area_roles as r')
      .innerJoin('staff_users as u', 'u.id', 'r.user_id')
      .select('r.role')
      .where((eb) => eb(eb.fn('lower', ['u.email']), '=', input.email))
      .executeTakeFirst();
    if (held?.role === 'NationalAdmin') return { refused: 'nationalAdmin' as const };
    const { id, created } = await accountForAppointment(trx, {
      email: input.email,
      name: input.name,
      passwordHash,
      resetExisting: false,
      now,
    });
    await setAreaRole(trx, { id, email: input.email, created }, input, { by, action: 'account.areaRoleGranted', now });
    return { created, password: created ? password : null, userId: id };
  });
}

/**
 * Takes a person's area role away and ends every session of theirs, so a cookie held now opens
 * nothing more. Null when they hold none; 'self' for the national administrator's own role.
 */
export async function revokeAreaRole(
  db: Database,
  userId: number,
  by: StaffActor,
  now: Date,
): Promise<'revoked' | 'self' | null> {
  return inTransaction(national(db), async (trx) => {
    const held = await trx
      .selectFrom('area_roles as r')
      .innerJoin('staff_users as u', 'u.id', 'r.user_id')
      .select(['r.role', 'r.district_id', 'r.division_id', 'u.email'])
      .where('r.user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!held) return null;
    if (userId === by.userId && held.role === 'NationalAdmin') return 'self';
    await trx.deleteFrom('area_roles').where('user_id', '=', userId).execute();
    await endSessionsOfUser(trx, userId);
    await writeAudit(trx, {
      applicationId: null,
      entity: accountEntity({ id: userId, email: held.email }),
      actor: by,
      action: 'account.areaRoleRevoked',
      details: { before: { role: held.role, district_id: held.district_id, division_id: held.division_id } },
      at: now,
    });
    return 'revoked';
  });
}
