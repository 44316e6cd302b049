import { parseArgs } from 'node:util';
import { emailSchema, translate } from '@portal/shared';
import { loadConfig } from '../platform/config.js';
import { createOwnerDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrator.js';
import { firstOpenOfficeDatabase } from '../modules/offices/offices.repository.js';
import { grantAreaRoleFromConsole } from '../modules/offices/national.repository.js';
import { createOrPromoteAdmin } from '../modules/accounts/create-admin.js';

/**
 * `npm run create-admin -- --email a@b.c`: creates (or promotes) an Admin of the first open office
 * and prints a one-time password once; the Admin must change it at first sign-in. With `--national`
 * the account becomes the national administrator, with `--district <id>` a district's viewer
 * (docs/decisions/057-offices.md): the first national administrator can only be made here.
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, national: { type: 'boolean' }, district: { type: 'string' } },
  strict: true,
});
const say = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
  console.log(`${translate('bn', key, params)}\n${translate('en', key, params)}`);

const district = values.district === undefined ? null : Number(values.district);
if (
  !values.email ||
  !emailSchema.safeParse(values.email).success ||
  (district !== null && (!Number.isInteger(district) || district < 1 || district > 64)) ||
  (values.national && district !== null)
) {
  say('auth.createAdmin.usage');
  process.exit(2);
}

const config = loadConfig();
const base = await createOwnerDatabase(config);
try {
  await migrateToLatest(base);
  // The account is national; its office role (or the audit entry of an area role) is the first open office's.
  const db = await firstOpenOfficeDatabase(base);
  if (values.national || district !== null) {
    const result = await grantAreaRoleFromConsole(
      db,
      {
        email: emailSchema.parse(values.email),
        role: values.national ? 'NationalAdmin' : 'DistrictViewer',
        districtId: district,
        divisionId: null,
      },
      new Date(),
    );
    say(result.created ? 'auth.createAdmin.areaCreated' : 'auth.createAdmin.areaPromoted', { email: result.email });
    say('auth.createAdmin.password', { password: result.password });
  } else {
    const result = await createOrPromoteAdmin(db, values.email, new Date());
    say(result.created ? 'auth.createAdmin.created' : 'auth.createAdmin.promoted', { email: result.email });
    say('auth.createAdmin.password', { password: result.password });
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await base.destroy();
}
