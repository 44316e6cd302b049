import { translate, type StaffRole } from '@portal/shared';
import type { Database } from '../../db/database.js';
import { Problem } from '../../http/problem.js';
import { endSessionsOfUser } from '../../http/session.js';
import { inTransaction, writeAudit, type StaffActor } from '../audit/audit.repository.js';
import { insertUser, type StaffUser } from '../auth/users.repository.js';

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

/**
 * Self-registration (spec 1 §2 /reg): a new account without a role; null when the e-mail is taken
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
    // Lock the Admin rows: two Admins demoting each other at once must not leave none.
    const admins = await trx.selectFrom('staff_users').select('id').where('role', '=', 'Admin').forUpdate().execute();
    const target = await trx
      .selectFrom('staff_users')
      .select(['id', 'email', 'role'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!target) throw new Problem('NOT_FOUND');
    if (target.role === 'Admin' && role !== 'Admin' && admins.every((a) => a.id === id)) {
      throw new Problem('FORBIDDEN', { fields: { role: translate('bn', 'auth.lastAdmin') } });
    }
    const updated = await trx
      .updateTable('staff_users')
      .set({ role, updated_at: now })
      .where('id', '=', id)
      .returning(['id', 'display_name', 'email', 'role', 'created_at'])
      .executeTakeFirstOrThrow();
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
 * Deletes an account (its sessions with it). Its audit rows stay, under the e-mail they were
 * written with (audit_log.actor_user_id is set null). False when there was no such account.
 */
export async function deleteAccount(db: Database, input: { id: number; by: StaffActor; now: Date }): Promise<boolean> {
  if (input.id === input.by.userId) {
    throw new Problem('FORBIDDEN', { fields: { id: translate('bn', 'auth.deleteSelf') } });
  }
  try {
    return await inTransaction(db, async (trx) => {
      const deleted = await trx
        .deleteFrom('staff_users')
        .where('id', '=', input.id)
        .returning(['id', 'email', 'role'])
        .executeTakeFirst();
      if (!deleted) return false;
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
