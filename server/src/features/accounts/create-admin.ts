import { sql } from 'kysely';
import { emailSchema } from '@portal/shared';
import type { Database } from '../../db/database.js';
import { hashPassword } from '../auth/password.js';
import { randomPassword } from '../auth/password-policy.js';
import { endSessionsOfUser } from '../../http/session.js';

/**
 * Creates the Admin, or makes an existing account Admin, with a fresh random one-time password that
 * must be changed at first sign-in (there is no default password anywhere). Existing sessions of
 * that account end, since its password changed.
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
  const existing = await db
    .selectFrom('staff_users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('staff_users')
      .set({ role: 'Admin', password_hash: passwordHash, must_change_password: true, updated_at: now })
      .where('id', '=', existing.id)
      .execute();
    await endSessionsOfUser(db, existing.id);
    return { email, password, created: false };
  }
  await db
    .insertInto('staff_users')
    .values({
      email,
      password_hash: passwordHash,
      role: 'Admin',
      must_change_password: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { email, password, created: true };
}
