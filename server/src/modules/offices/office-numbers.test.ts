import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.js';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness.js';
import { officesChanged } from './offices.repository.js';
import { insertApplication } from './office-fixtures.js';
import { takeOfficeNumbers } from './office-counters.js';

/**
 * Numbers per office (docs/decisions/057-offices.md, step 3; migrations/20261128-04-office-counters.ts):
 * each office counts its applications from 1, whatever the other offices have taken, and a number
 * a failed transaction took is given again.
 */
let ctx: TestContext;
let second: Database;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.baseDb
    .insertInto('offices')
    .values({ id: 2, name_bn: 'দ্বিতীয়', name_en: 'Second', code: 'second', host: 'second.localhost' })
    .execute();
  officesChanged(ctx.baseDb);
  second = scopedDatabase(ctx.baseDb, officeScope(2));
});
afterAll(() => ctx.close());

const apply = (db: Database) => insertApplication(db);

describe('application numbers per office', () => {
  it('start at 1 in each office and go on in each independently', async () => {
    expect(await apply(ctx.db)).toBe(1);
    expect(await apply(ctx.db)).toBe(2);
    expect(await apply(second)).toBe(1);
    expect(await apply(ctx.db)).toBe(3);
    expect(await apply(second)).toBe(2);
  });

  it('give a failed submission’s number to the next one, so the office’s numbers have no gap', async () => {
    const failed = await ctx.db
      .transaction()
      .execute(async (trx) => {
        await apply(trx);
        throw new Error('the phone went away');
      })
      .catch((err: Error) => err.message);
    expect(failed).toBe('the phone went away');
    expect(await apply(ctx.db)).toBe(4);
  });

  it('keep an office waiting on its own counter only, never on another office’s', async () => {
    // Office 1 holds its counter in an open transaction; office 2 takes its number meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const holding = new Promise<void>((resolve) => (taken = resolve));
    const first = ctx.db.transaction().execute(async (trx) => {
      const n = await apply(trx);
      taken();
      await held;
      return n;
    });
    await holding;
    // The embedded database has one connection, handed to one transaction at a time: nothing to race there.
    if (usingPostgres) expect(await apply(second)).toBe(3);
    release();
    expect(await first).toBe(5);
  });

  it('give a bulk insert its block in one statement, after the office’s last and before its next', async () => {
    const last = await apply(ctx.db);
    expect(await takeOfficeNumbers(ctx.db, 'application', 500)).toBe(last + 1);
    expect(await apply(ctx.db)).toBe(last + 501);
    // Another office's block is its own, and its next number follows it.
    const block = await takeOfficeNumbers(second, 'application', 10);
    expect(block).toBeLessThan(5);
    expect(await apply(second)).toBe(block + 10);
  });

  it('refuse a number outside one office’s transaction: there is no office to count for', async () => {
    const national = scopedDatabase(ctx.baseDb, { officeIds: [1, 2], officeId: null });
    await expect(sql`SELECT next_office_number('application')`.execute(national)).rejects.toThrow();
  });
});
