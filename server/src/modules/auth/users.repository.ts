import { sql } from 'kysely';
import type { AreaRole, StaffRole } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { inTransaction, writeAudit, type AuditActor } from '../audit/audit.repository.js';
import { CURRENT_OFFICE } from '../../platform/db/office-scope.js';
import { setRoleHere } from './staff-roles.js';

export interface StaffUser {
  id: number;
  display_name: string | null;
  email: string;
  password_hash: string;
  role: StaffRole | null;
  must_change_password: boolean;
  created_at: Date;
  /** A role over an area (docs/decisions/057-offices.md, step 4). */
  area_role: AreaRole | null;
  area_division_id: number | null;
  area_district_id: number | null;
}

const columns = ['id', 'display_name', 'email', 'password_hash', 'must_change_password', 'created_at'] as const;

/** An account with its role in the office of `db` (null there: blocked, or not a member), and its area role. */
function withRoleHere(db: Database) {
  return db
    .selectFrom('staff_users as u')
    .leftJoin('staff_roles as r', (join) => join.onRef('r.user_id', '=', 'u.id').on('r.office_id', '=', CURRENT_OFFICE))
    .leftJoin('area_roles as ar', 'ar.user_id', 'u.id')
    .select([...columns.map((c) => `u.${c}` as const), 'r.role'])
    .select(['ar.role as area_role', 'ar.division_id as area_division_id', 'ar.district_id as area_district_id']);
}

/** E-mails are unique case-insensitively (index on lower(email)); schemas already lower-case input. */
export async function findUserByEmail(db: Database, email: string): Promise<StaffUser | undefined> {
  return withRoleHere(db)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function findUserById(db: Database, id: number): Promise<StaffUser | undefined> {
  return withRoleHere(db).where('u.id', '=', id).executeTakeFirst();
}

/**
 * Inserts an account, a member of the office of `db` with `role`; returns null when the e-mail is
 * already taken (also under a race).
 */
export async function insertUser(
  db: Database,
  input: {
    name?: string | null;
    email: string;
    passwordHash: string;
    role: StaffRole | null;
    mustChangePassword: boolean;
    now: Date;
  },
): Promise<StaffUser | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('staff_users')
      .values({
        display_name: input.name ?? null,
        email: input.email.toLowerCase(),
        password_hash: input.passwordHash,
        must_change_password: input.mustChangePassword,
        created_at: input.now,
        updated_at: input.now,
      })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning(columns)
      .executeTakeFirst();
    if (!row) return null;
    await setRoleHere(trx, row.id, input.role);
    // A new account holds no area role.
    return { ...row, role: input.role, area_role: null, area_division_id: null, area_district_id: null };
  });
}

/**
 * Sets a password, by its owner (change) or through an e-mailed link (reset), with its audit row:
 * which, by whom and when, never the password (docs/decisions/041-audit-trail.md).
 */
export async function setPassword(
  db: Database,
  userId: number,
  passwordHash: string,
  opts: {
    mustChangePassword: boolean;
    now: Date;
    how: 'account.passwordChange' | 'account.passwordReset';
    by: AuditActor;
  },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('staff_users')
      .set({ password_hash: passwordHash, must_change_password: opts.mustChangePassword, updated_at: opts.now })
      .where('id', '=', userId)
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (!row) return;
    await writeAudit(trx, {
      applicationId: null,
      entity: { type: 'account', id: row.id, label: row.email },
      actor: opts.by,
      action: opts.how,
      at: opts.now,
    });
  });
}

/** Marks an account whose password must be changed before it can do anything else (decision 014). */
export async function requirePasswordChange(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('staff_users')
    .set({ must_change_password: true, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** The officer sets their own name (Profile page), with its audit row: the name before and after. */
export async function setOwnName(db: Database, userId: number, name: string, now: Date): Promise<StaffUser | null> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('staff_users')
      .select(['display_name', 'email'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return null;
    await trx
      .updateTable('staff_users')
      .set({ display_name: name, updated_at: now })
      .where('id', '=', userId)
      .execute();
    if (before.display_name !== name) {
      await writeAudit(trx, {
        applicationId: null,
        entity: { type: 'account', id: userId, label: before.email },
        actor: { userId, email: before.email },
        action: 'account.rename',
        at: now,
        details: { before: { name: before.display_name }, after: { name } },
      });
    }
    return (await findUserById(trx, userId)) ?? null;
  });
}
