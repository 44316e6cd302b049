import { translate } from '@portal/shared';
import type { Database } from '../../db/database.js';

const COMMAND = 'npm run create-admin -- --email <your-email>';

/**
 * At start-up with no Admin account, tells the operator (Bangla, then English) how to create the
 * first one. Null when an Admin exists. The portal ships no default password.
 */
export async function firstRunHint(db: Database): Promise<string | null> {
  const admin = await db.selectFrom('staff_users').select('id').where('role', '=', 'Admin').limit(1).executeTakeFirst();
  if (admin) return null;
  return `${translate('bn', 'auth.firstRun', { command: COMMAND })}\n${translate('en', 'auth.firstRun', { command: COMMAND })}`;
}
