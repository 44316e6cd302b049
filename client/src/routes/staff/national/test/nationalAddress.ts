import type { Insertable } from 'kysely';
import type { TestContext } from '../../../../../../server/src/test/harness';
import type { OfficesTable } from '../../../../../../server/src/platform/db/schema';
import { officesChanged } from '../../../../../../server/src/modules/offices/offices.repository';

/** A host no office claims: with several offices open, the national address (docs/decisions/057-offices.md). */
export const NATIONAL = 'http://portal.localhost';

/** The test database's office 1 as Shibganj of Chapainawabganj, with `others` opened beside it. */
export async function openOffices(ctx: TestContext, others: Insertable<OfficesTable>[]): Promise<void> {
  await ctx.baseDb
    .updateTable('offices')
    .set({ upazila_id: 159, name_bn: 'শিবগঞ্জ', name_en: 'Shibganj', code: 'u159' })
    .where('id', '=', 1)
    .execute();
  await ctx.baseDb.insertInto('offices').values(others).execute();
  officesChanged(ctx.baseDb);
}
