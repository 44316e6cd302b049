import { translate } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { anyAdmin } from '../auth/staff-roles.js';

const COMMAND = 'npm run create-admin -- --email <your-email>';

/**
 * At start-up with no Admin account, tells the operator (Bangla, then English) how to create the
 * first one. Null when an Admin exists. The portal ships no default password.
 */
export async function firstRunHint(db: Database): Promise<string | null> {
  if (await anyAdmin(db)) return null;
  return `${translate('bn', 'auth.firstRun', { command: COMMAND })}\n${translate('en', 'auth.firstRun', { command: COMMAND })}`;
}
