import crypto from 'node:crypto';
import type { TestContext } from '../../test/harness.js';
import { insertApplication, type AppSeed } from '../requests/request-fixtures.js';

/** An approved application with a licence valid from..to (ISO dates), suspended or testing when asked. */
export async function issueLicence(
  c: TestContext,
  seed: AppSeed,
  validFrom: string,
  validTo: string,
  opts: { suspended?: boolean; testing?: boolean } = {},
) {
  const app = await insertApplication(c, {
    stage: 'Approved',
    seen: { chairman: true, uno: true, badc: true },
    ...seed,
  });
  const id = crypto.randomUUID();
  await c.db
    .insertInto('licences')
    .values({
      id,
      application_id: app.id,
      term_years: 3,
      is_testing: opts.testing ?? false,
      status: opts.suspended ? 'suspended' : 'active',
      suspend_note: opts.suspended ? 'শর্ত ভঙ্গ' : null,
      issued_on: validFrom,
      valid_from: validFrom,
      valid_to: validTo,
      created_at: c.clock.now,
    })
    .execute();
  return { ...app, licenceId: id };
}
