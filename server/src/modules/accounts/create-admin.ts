import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { emailSchema } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { hashPassword } from '../auth/password.js';
import { randomPassword } from '../auth/password-policy.js';
import { endSessionsOfUser } from '../../platform/http/session.js';
import { inTransaction, writeAudit } from '../audit/audit.repository.js';
import { accountEntity } from './accounts.repository.js';
import { roleHere, setRoleHere } from '../auth/staff-roles.js';

/**
 * Creates the Admin of the office of `db`, or makes an existing account Admin there, with a fresh random one-time password that
 * must be changed at first sign-in (there is no default password anywhere). Existing sessions of
 * that account end, since its password changed. Audited as the portal's own doing.
 */
export async function createOrPromoteAdmin(
  db: Database,
  rawEmail: string,
  now: Date,
): Promise<{ email: string; password: string; created: boolean }> {
  const email = emailSchema.parse(rawEmail);
  // Within the password rule (decision 014), so the first sign-in only asks to replace it, never to lengthen it.
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (trx) => {
    const { id, created } = await accountForAppointment(trx, { email, passwordHash, resetExisting: true, now });
    const before = created ? null : (await roleHere(trx, id)).role;
    await setRoleHere(trx, id, 'Admin');
    // Done on the server's console, so by the portal itself; never the password (decision 041).
    await writeAudit(trx, {
      applicationId: null,
      entity: accountEntity({ id, email }),
      actor: 'system',
      action: 'account.adminSet',
      details: {
        changed: ['role'],
        before: { role: before },
        after: { role: 'Admin' },
        created,
      },
      at: now,
    });
    return { email, password, created };
  });
}

/**
 * The account with this e-mail, locked, or a new one with a one-time password that must be changed
 * at first sign-in (decision 014): the one way an account is made or found from outside its office
 * (the console's Admin and area roles, the national administrator's appointment). `resetExisting`:
 * an existing account gets the one-time password too and its sessions end (the console's recovery
 * path); otherwise it keeps its own, as it may work in another office.
 */
export async function accountForAppointment(
  trx: Transaction<DB>,
  input: { email: string; name?: string | null; passwordHash: string; resetExisting: boolean; now: Date },
): Promise<{ id: number; created: boolean }> {
  const { email, passwordHash, now } = input;
  const existing = await trx
    .selectFrom('staff_users')
    .select(['id'])
    .where(sql<string>`lower(email)`, '=', email)
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    if (input.resetExisting) {
      await trx
        .updateTable('staff_users')
        .set({ password_hash: passwordHash, must_change_password: true, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      await endSessionsOfUser(trx, existing.id);
    }
    return { id: existing.id, created: false };
  }
  const row = await trx
    .insertInto('staff_users')
    .values({
      email,
      display_name: input.name ?? null,
      password_hash: passwordHash,
      must_change_password: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
