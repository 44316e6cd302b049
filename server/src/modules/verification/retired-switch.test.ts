import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { getSettings } from '../settings/settings.repository.js';
import { insertApplication, sendCode } from './verification-fixtures.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

/**
 * sms_application_validation switched nothing in the legacy portal and was removed
 * (docs/decisions/025-amendment-and-consent.md): the code a citizen asks for is always texted, and
 * settings saved while the switch existed still load with every other value kept.
 */
describe('the retired sms_application_validation switch', () => {
  it('is ignored when stored, and the one-time code is still texted', async () => {
    await ctx.db
      .insertInto('site_settings')
      .values({
        id: 1,
        data: JSON.stringify({
          sms_application_validation: 'OFF',
          sms_new_application_submit: 'OFF',
          jilla: 'চাঁপাইনবাবগঞ্জ',
        }),
        updated_at: ctx.clock.now,
        updated_by: null,
      })
      .onConflict((oc) =>
        oc.columns(['office_id', 'id']).doUpdateSet({
          data: JSON.stringify({
            sms_application_validation: 'OFF',
            sms_new_application_submit: 'OFF',
            jilla: 'চাঁপাইনবাবগঞ্জ',
          }),
        }),
      )
      .execute();
    const settings = await getSettings(ctx.db);
    expect(settings).toMatchObject({ sms_new_application_submit: 'OFF', jilla: 'চাঁপাইনবাবগঞ্জ' });
    expect(settings).not.toHaveProperty('sms_application_validation');

    const app = await insertApplication(ctx, { mobile: '01712345678' });
    const res = await sendCode(ctx, { applicationNumber: app.application_number, mobile: '01712345678', purpose: 4 });
    expect(res.status).toBe(202);
    const texts = await ctx.db.selectFrom('sms_outbox').select('kind').where('to_number', '=', '01712345678').execute();
    expect(texts).toEqual([{ kind: 'otp' }]);
  });
});
