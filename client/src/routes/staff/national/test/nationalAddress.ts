import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { Insertable } from 'kysely';
import type { TestContext } from '../../../../../../server/src/test/harness';
import type { StaffAgent } from '../../../../../../server/src/test/roles';
import type { OfficesTable } from '../../../../../../server/src/platform/db/schema';
import { officesChanged } from '../../../../../../server/src/modules/offices/offices.repository';
import { resetMeForTests } from '../../../../features/staff/useMe';

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

/**
 * Every test of the file fetches from the real API in-process at the national address, signed in as
 * the agent `current` gives at that moment (tests sign in as different roles); `seen` hears each
 * path asked for. After each test the screen is taken down and the stubs undone.
 */
export function fetchAtNational(
  current: () => { ctx: TestContext; agent: StaffAgent },
  seen?: (path: string) => void,
): void {
  beforeEach(() => {
    resetMeForTests();
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      seen?.(path);
      const { ctx, agent } = current();
      return ctx.request(`${NATIONAL}${path}`, { ...init, agent });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
