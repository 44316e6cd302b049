import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** The country's list that offices are opened from (docs/decisions/057-offices.md). */
let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

describe("the country's divisions, districts and upazilas", () => {
  it('holds 8 divisions, 64 districts and 494 upazilas, each upazila in a district of a division', async () => {
    const count = async (table: 'divisions' | 'districts' | 'upazilas') =>
      Number(
        (
          await ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await count('divisions'), await count('districts'), await count('upazilas')]).toEqual([8, 64, 494]);
    const orphans = await ctx.db
      .selectFrom('upazilas as u')
      .leftJoin('districts as d', 'd.id', 'u.district_id')
      .leftJoin('divisions as v', 'v.id', 'd.division_id')
      .select('u.name_en')
      .where('v.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('tells the two Shibganj apart by their districts, with Bangla names and the office web address', async () => {
    const shibganj = await ctx.db
      .selectFrom('upazilas as u')
      .innerJoin('districts as d', 'd.id', 'u.district_id')
      .innerJoin('divisions as v', 'v.id', 'd.division_id')
      .select(['u.name_bn as upazila', 'd.name_bn as district', 'v.name_bn as division', 'u.website'])
      .where('u.name_en', '=', 'Shibganj')
      .orderBy('d.name_en')
      .execute();
    // Stored composed (NFC): ড় is then ড followed by the nukta, however it was typed.
    expect(shibganj).toEqual([
      { upazila: 'শিবগঞ্জ', district: 'বগুড়া'.normalize('NFC'), division: 'রাজশাহী', website: 'shibganj.bogra.gov.bd' },
      {
        upazila: 'শিবগঞ্জ',
        district: 'চাঁপাইনবাবগঞ্জ',
        division: 'রাজশাহী',
        website: 'shibganj.chapainawabganj.gov.bd',
      },
    ]);
  });

  it('gives every district a map centre inside Bangladesh', async () => {
    const outside = await ctx.db
      .selectFrom('districts')
      .select('name_en')
      .where((eb) => eb.or([eb('lat', '<', 20.5), eb('lat', '>', 26.7), eb('lon', '<', 88), eb('lon', '>', 92.7)]))
      .execute();
    expect(outside).toEqual([]);
  });
});
