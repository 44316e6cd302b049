import { parseArgs } from 'node:util';
import { emailSchema, translate } from '@portal/shared';
import { loadConfig } from '../config.js';
import { createOwnerDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { firstOpenOfficeDatabase } from '../offices/offices.repository.js';
import { createOrPromoteAdmin } from '../features/accounts/create-admin.js';

/**
 * `npm run create-admin -- --email a@b.c`: creates (or promotes) an Admin and prints a one-time
 * password once; the Admin must change it at first sign-in.
 */
const { values } = parseArgs({ options: { email: { type: 'string' } }, strict: true });
const say = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
  console.log(`${translate('bn', key, params)}\n${translate('en', key, params)}`);

if (!values.email || !emailSchema.safeParse(values.email).success) {
  say('auth.createAdmin.usage');
  process.exit(2);
}

const config = loadConfig();
const base = await createOwnerDatabase(config);
try {
  await migrateToLatest(base);
  // The account is national; its Admin role and the audit entry are the first open office's.
  const db = await firstOpenOfficeDatabase(base);
  const result = await createOrPromoteAdmin(db, values.email, new Date());
  say(result.created ? 'auth.createAdmin.created' : 'auth.createAdmin.promoted', { email: result.email });
  say('auth.createAdmin.password', { password: result.password });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await base.destroy();
}
