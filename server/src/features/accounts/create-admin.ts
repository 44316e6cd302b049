import { sql } from 'kysely';
import { emailSchema } from '@portal/shared';
import type { Database } from '../../db/database.js';
import { hashPassword } from '../auth/password.js';
import { randomPassword } from '../auth/password-policy.js';
import { endSessionsOfUser } from '../../http/session.js';
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
    const account = await trx
      .selectFrom('staff_users')
      .select(['id'])
      .where(sql<string>`lower(email)`, '=', email)
      .forUpdate()
      .executeTakeFirst();
    const existing = account && { id: account.id, role: (await roleHere(trx, account.id)).role };
    let id: number;
    if (existing) {
      await trx
        .updateTable('staff_users')
        .set({ password_hash: passwordHash, must_change_password: true, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      await endSessionsOfUser(trx, existing.id);
      id = existing.id;
    } else {
      const row = await trx
        .insertInto('staff_users')
        .values({
          email,
          password_hash: passwordHash,
          must_change_password: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    await setRoleHere(trx, id, 'Admin');
    // Done on the server's console, so by the portal itself; never the password (decision 041).
    await writeAudit(trx, {
      applicationId: null,
      entity: accountEntity({ id, email }),
      actor: 'system',
      action: 'account.adminSet',
      details: {
        changed: ['role'],
        before: { role: existing ? existing.role : null },
        after: { role: 'Admin' },
        created: !existing,
      },
      at: now,
    });
    return { email, password, created: !existing };
  });
}
