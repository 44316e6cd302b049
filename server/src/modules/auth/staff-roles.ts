import type { StaffRole } from '@portal/shared';
import type { Kysely, Transaction } from 'kysely';
import { CURRENT_OFFICE } from '../../platform/db/office-scope.js';
import type { DB } from '../../platform/db/schema.js';

/**
 * A person's role in an office (docs/decisions/057-offices.md): the one writer of `staff_roles`.
 * The table is national (row-level security would hide the other offices' rows that deleting an
 * account must see), so every query here names the transaction's office (CURRENT_OFFICE, set by the scoped database).
 * A member with no role is blocked there (spec 2 §6); a person with no row is nothing there.
 */
type Db = Kysely<DB> | Transaction<DB>;

/** The person's role here; `member` false when they have no place in this office at all. */
export async function roleHere(db: Db, userId: number): Promise<{ member: boolean; role: StaffRole | null }> {
  const row = await db
    .selectFrom('staff_roles')
    .select('role')
    .where('office_id', '=', CURRENT_OFFICE)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { member: row !== undefined, role: row?.role ?? null };
}

/** Makes the person a member here with `role` (null: no role yet, or blocked). */
export async function setRoleHere(db: Db, userId: number, role: StaffRole | null): Promise<void> {
  await db
    .insertInto('staff_roles')
    .values({ user_id: userId, role }) // office_id: the transaction's office, by default
    .onConflict((oc) => oc.columns(['office_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}

/** Ends the person's place here; answers whether they still have one in another office. */
export async function leaveOffice(db: Db, userId: number): Promise<{ elsewhere: boolean }> {
  await db.deleteFrom('staff_roles').where('office_id', '=', CURRENT_OFFICE).where('user_id', '=', userId).execute();
  const other = await db.selectFrom('staff_roles').select('office_id').where('user_id', '=', userId).executeTakeFirst();
  return { elsewhere: other !== undefined };
}

/** This office's Admins, locked: two Admins demoting each other at once must not leave none. */
export async function adminsHereForUpdate(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('staff_roles')
    .select('user_id')
    .where('office_id', '=', CURRENT_OFFICE)
    .where('role', '=', 'Admin')
    .forUpdate()
    .execute();
  return rows.map((r) => r.user_id);
}

/** Whether any office has an Admin: the first-run hint's question, national on purpose. */
export async function anyAdmin(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('staff_roles')
    .select('user_id')
    .where('role', '=', 'Admin')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every office where the person holds a role (a blocked membership opens nothing, so it is left out). */
export async function rolesEverywhere(db: Db, userId: number): Promise<{ officeId: number; role: StaffRole }[]> {
  const rows = await db
    .selectFrom('staff_roles')
    .select(['office_id', 'role'])
    .where('user_id', '=', userId)
    .where('role', 'is not', null)
    .orderBy('office_id')
    .execute();
  return rows.map((r) => ({ officeId: r.office_id, role: r.role! }));
}
