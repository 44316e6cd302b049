import crypto from 'node:crypto';
import type { TestContext } from '../../test/harness.js';
import { insertApplication, type AppSeed } from '../review/review-fixtures.js';

/** An approved application with a licence valid from..to (ISO dates). */
export async function issueLicence(c: TestContext, seed: AppSeed, validFrom: string, validTo: string) {
  const app = await insertApplication(c, {
    stage: 'Approved',
    seen: { chairman: true, uno: true, badc: true },
    ...seed,
  });
  await c.db
    .insertInto('licences')
    .values({
      id: crypto.randomUUID(),
      application_id: app.id,
      term_years: 3,
      is_testing: false,
      issued_on: validFrom,
      valid_from: validFrom,
      valid_to: validTo,
      created_at: c.clock.now,
    })
    .execute();
  return app;
}
