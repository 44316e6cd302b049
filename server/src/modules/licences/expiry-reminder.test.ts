import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createStaffUser } from '../../test/roles.js';
import { addLicencePeriod } from './licence.writer.js';
import { remindExpiringLicences, startExpiryReminderJob } from './expiry-reminder.js';
import { approvedLicence, setSettings } from './licence-test-fixtures.js';

/**
 * The daily expiry reminder (decision 022) with a fixed clock: 23 November 2026 in Dhaka, the
 * default window of 30 days.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await setSettings(ctx, { webUrl: 'https://sech.example.gov.bd' });
});
beforeEach(() => {
  ctx.clock.now = new Date('2026-11-23T04:00:00Z');
});
afterAll(async () => ctx?.close());

async function remindersTo(mobile: string) {
  return ctx.db
    .selectFrom('sms_outbox')
    .select(['body', 'dedupe_key'])
    .where('to_number', '=', mobile)
    .where('kind', '=', 'licenceExpiry')
    .orderBy('id')
    .execute();
}
const run = () => remindExpiringLicences(ctx.deps);

describe('the licence expiry reminder', () => {
  it('texts a holder once per period when the end is within the window, in Bangla with the site line', async () => {
    const soon = await approvedLicence(ctx, { validFrom: '2023-12-10', validTo: '2026-12-10', mobile: '01811000001' });
    await approvedLicence(ctx, { validFrom: '2024-06-01', validTo: '2027-06-01', mobile: '01811000002' });
    await approvedLicence(ctx, { validFrom: '2022-01-01', validTo: '2025-01-01', mobile: '01811000003' });

    await run();
    ctx.clock.advance(24 * 3600_000);
    await run();

    const texts = await remindersTo('01811000001');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(`নং ${soon.licenceNumber.toString().replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[+d]!)}`);
    expect(texts[0]!.body).toContain('১০-১২-২০২৬');
    expect(texts[0]!.body).toMatch(/sech\.example\.gov\.bd থেকে$/);
    expect(await remindersTo('01811000002')).toEqual([]); // months away
    expect(await remindersTo('01811000003')).toEqual([]); // already expired
  });

  it('does not text the holder of a suspended licence', async () => {
    const l = await approvedLicence(ctx, { validFrom: '2023-12-01', validTo: '2026-12-01', mobile: '01811000004' });
    await ctx.db.updateTable('licences').set({ status: 'suspended' }).where('id', '=', l.licenceId).execute();
    await run();
    expect(await remindersTo('01811000004')).toEqual([]);
  });

  it('sends nothing while sms_licence_expiry is OFF, and follows the number of days set', async () => {
    await approvedLicence(ctx, { validFrom: '2023-12-20', validTo: '2026-12-20', mobile: '01811000005' });
    await setSettings(ctx, { sms_licence_expiry: 'OFF' });
    await run();
    expect(await remindersTo('01811000005')).toEqual([]);
    await setSettings(ctx, { sms_licence_expiry: 'ON', licence_expiry_reminder_days: 10 });
    await run();
    expect(await remindersTo('01811000005')).toEqual([]); // 27 days away, window 10
    await setSettings(ctx, { licence_expiry_reminder_days: 30 });
    await run();
    expect(await remindersTo('01811000005')).toHaveLength(1);
  });

  it('reminds again after a renewal adds a period that also comes to its end', async () => {
    const l = await approvedLicence(ctx, { validFrom: '2023-12-05', validTo: '2026-12-05', mobile: '01811000006' });
    await run();
    const badc = await createStaffUser(ctx, 'BADC');
    await ctx.db.transaction().execute((trx) =>
      addLicencePeriod(trx, {
        licenceId: l.licenceId,
        requestId: null,
        issuedOn: '2026-11-30',
        validFrom: '2026-12-05',
        validTo: '2029-12-05',
        by: badc.id,
        now: ctx.clock.now,
      }),
    );
    await run();
    expect(await remindersTo('01811000006')).toHaveLength(1);
    ctx.clock.now = new Date('2029-11-20T04:00:00Z');
    await run();
    const texts = await remindersTo('01811000006');
    expect(texts.map((t) => t.dedupe_key)).toEqual([
      `licence-expiry:${l.licenceId}:2026-12-05`,
      `licence-expiry:${l.licenceId}:2029-12-05`,
    ]);
  });

  it('runs at start-up when the server starts its workers, and stops cleanly', async () => {
    await approvedLicence(ctx, { validFrom: '2023-12-15', validTo: '2026-12-15', mobile: '01811000007' });
    const stop = startExpiryReminderJob(ctx.deps);
    await stop();
    expect(await remindersTo('01811000007')).toHaveLength(1);
  });
});
