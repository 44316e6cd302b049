import { translate, type StaffRole } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { CURRENT_OFFICE } from '../../platform/db/office-scope.js';
import { Problem } from '../../platform/http/problem.js';
import { endSessionsOfUser } from '../../platform/http/session.js';
import { inTransaction, writeAudit, type StaffActor } from '../audit/audit.repository.js';
import { insertUser, type StaffUser } from '../auth/users.repository.js';
import { adminsHereForUpdate, leaveOffice, roleHere, setRoleHere } from '../auth/staff-roles.js';

/**
 * Changes to staff accounts (spec 2 §2 Account Manager, §6), each with its audit row in the same
 * transaction (docs/decisions/041-audit-trail.md): who created, (un)blocked, re-roled or deleted
 * which account, with the role before and after. Removing the role is how an account is blocked:
 * it can sign in but opens nothing (spec 2 §6), and giving a role back unblocks it.
 */

export const accountEntity = (a: { id: number; email: string }) => ({
  type: 'account' as const,
  id: a.id,
  label: a.email,
});

export interface AccountRow {
  id: number;
  display_name: string | null;
  email: string;
  role: StaffRole | null;
  created_at: Date;
}

/** The office's accounts (its members, with or without a role), newest first. */
export function accountsHere(db: Database): Promise<AccountRow[]> {
  return db
    .selectFrom('staff_users as u')
    .innerJoin('staff_roles as r', 'r.user_id', 'u.id')
    .where('r.office_id', '=', CURRENT_OFFICE)
    .select(['u.id', 'u.display_name', 'u.email', 'r.role', 'u.created_at'])
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .execute();
}

/**
 * Self-registration (spec 1 §2 /reg): a new account, a member of the office it registered at without a
 * role; null when the e-mail is taken
 * (nothing changes then, and nothing is audited). The new account is its own actor.
 */
export async function registerAccount(
  db: Database,
  input: { name: string; email: string; passwordHash: string; now: Date },
): Promise<StaffUser | null> {
  return inTransaction(db, async (trx) => {
    const created = await insertUser(trx, { ...input, role: null, mustChangePassword: false });
    if (!created) return null;
    await writeAudit(trx, {
      applicationId: null,
      entity: accountEntity(created),
      actor: { userId: created.id, email: created.email },
      action: 'account.register',
      at: input.now,
    });
    return created;
  });
}

/**
 * Gives, changes or removes an account's role. An Admin cannot remove their own Admin role, and
 * the last Admin stays one; a change signs the account out everywhere (decision 018).
 */
export async function setAccountRole(
  db: Database,
  input: { id: number; role: StaffRole | null; by: StaffActor; now: Date },
): Promise<AccountRow> {
  const { id, role, by, now } = input;
  if (id === by.userId && role !== 'Admin') {
    throw new Problem('FORBIDDEN', { fields: { role: translate('bn', 'auth.ownAdminRole') } });
  }
  return inTransaction(db, async (trx) => {
    const admins = await adminsHereForUpdate(trx);
    const account = await trx
      .selectFrom('staff_users')
      .select(['id', 'display_name', 'email', 'created_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    // An account of another office only is not this Admin's to see or change.
    const here = account ? await roleHere(trx, id) : { member: false, role: null };
    if (!account || !here.member) throw new Problem('NOT_FOUND');
    const target = { ...account, role: here.role };
    if (target.role === 'Admin' && role !== 'Admin' && admins.every((a) => a === id)) {
      throw new Problem('FORBIDDEN', { fields: { role: translate('bn', 'auth.lastAdmin') } });
    }
    await setRoleHere(trx, id, role);
    await trx.updateTable('staff_users').set({ updated_at: now }).where('id', '=', id).execute();
    const updated = { ...account, role };
    if (target.role !== role) {
      await endSessionsOfUser(trx, id);
      await writeAudit(trx, {
        applicationId: null,
        entity: accountEntity(target),
        actor: by,
        action: 'account.role',
        details: { changed: ['role'], before: { role: target.role }, after: { role } },
        at: now,
      });
    }
    return updated;
  });
}

/**
 * Removes an account from this office; a person with no place left in any office is deleted with
 * their sessions. Their audit rows stay, under the e-mail they were written with
 * (audit_log.actor_user_id is set null). False when the account is not this office's.
 */
export async function deleteAccount(db: Database, input: { id: number; by: StaffActor; now: Date }): Promise<boolean> {
  if (input.id === input.by.userId) {
    throw new Problem('FORBIDDEN', { fields: { id: translate('bn', 'auth.deleteSelf') } });
  }
  try {
    return await inTransaction(db, async (trx) => {
      const account = await trx
        .selectFrom('staff_users')
        .select(['id', 'email'])
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst();
      const here = account ? await roleHere(trx, input.id) : { member: false, role: null };
      if (!account || !here.member) return false;
      const deleted = { ...account, role: here.role };
      const { elsewhere } = await leaveOffice(trx, input.id);
      if (!elsewhere) await trx.deleteFrom('staff_users').where('id', '=', input.id).execute();
      else await endSessionsOfUser(trx, input.id);
      await writeAudit(trx, {
        applicationId: null,
        entity: accountEntity(deleted),
        actor: input.by,
        action: 'account.delete',
        details: { before: { email: deleted.email, role: deleted.role }, after: null },
        at: input.now,
      });
      return true;
    });
  } catch (err) {
    // A record that must keep its author (a table added later without ON DELETE SET NULL): say so plainly.
    if ((err as { code?: string }).code === '23503') {
      throw new Problem('ACTION_NOT_ALLOWED', { fields: { id: translate('bn', 'auth.deleteHasRecords') } });
    }
    throw err;
  }
}
