import type { TestContext } from '../../test/harness.js';
import { createStaffUser } from '../../test/roles.js';
import { insertApplication, type AppSeed } from '../requests/request-fixtures.js';
import { issueLicence } from './licence.writer.js';

/**
 * Licences for the licence tests, issued through the real writer (licence.writer.ts) on an
 * approved application, the way the request engine issues them on approval.
 */
export async function approvedLicence(
  ctx: TestContext,
  l: { termYears?: 1 | 2 | 3; validFrom: string; validTo: string } & AppSeed,
): Promise<{ applicationId: string; licenceId: string; licenceNumber: number }> {
  const { termYears = 3, validFrom, validTo, ...seed } = l;
  const app = await insertApplication(ctx, {
    stage: 'Approved',
    seen: { chairman: true, uno: true, badc: true },
    ...seed,
  });
  const issuer = await createStaffUser(ctx, 'BADC');
  const issued = await ctx.db.transaction().execute((trx) =>
    issueLicence(trx, {
      applicationId: app.id,
      termYears,
      issuedOn: validFrom,
      validFrom,
      validTo,
      by: issuer.id,
      now: ctx.clock.now,
    }),
  );
  return { applicationId: app.id, ...issued };
}

/** Merges into the stored site settings (the rest stay as they are). */
export async function setSettings(ctx: TestContext, patch: Record<string, unknown>): Promise<void> {
  const row = await ctx.db.selectFrom('site_settings').select('data').where('id', '=', 1).executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('site_settings')
    .set({ data: JSON.stringify({ ...(row.data ?? {}), ...patch }) as never })
    .where('id', '=', 1)
    .execute();
}
