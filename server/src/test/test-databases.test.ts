import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/database.js';
import { createTestContext, type TestContext } from './harness.js';
import { signInAs } from './roles.js';
import { keptDatabases, takeTestDatabase } from './test-databases.js';

/**
 * Every test gets a database as the migrations leave it, though databases are reused within a
 * worker (docs/decisions/049-test-databases.md): a database a test wrote to, once reset, must be
 * indistinguishable from a new copy of the template.
 */
async function fingerprint(db: Database): Promise<string> {
  const tables = (
    await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`.execute(
      db,
    )
  ).rows;
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ j: string | null }>`
      SELECT json_agg(t ORDER BY t::text)::text AS j FROM ${sql.table(name)} t`.execute(db);
    parts.push(`${name}: ${rows[0]?.j ?? '[]'}`);
  }
  // The next value each sequence hands out, without using it up.
  const { rows } = await sql<{ name: string; last_value: number | null }>`
    SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`.execute(db);
  parts.push(`sequences: ${JSON.stringify(rows)}`);
  return parts.join('\n');
}

const open: TestContext[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

describe('test databases', () => {
  it('hands a used database to the next test exactly as a new copy of the template', async () => {
    const used = await createTestContext();
    open.push(used);
    // Writes of every sort: a staff account with a session, a settings change, numbers taken.
    const admin = await signInAs(used, 'Admin');
    expect(admin.id).toBeGreaterThan(0);
    await sql`UPDATE site_settings SET data = data || '{"upazila":"changed"}'::jsonb`.execute(used.db);
    await sql`SELECT next_office_number('application'), next_office_number('licence')`.execute(used.db);
    const usedPrint = await fingerprint(used.baseDb);

    // A new copy of the template: the reference.
    const fresh = await takeTestDatabase({ copy: true });
    expect(fresh.reused).toBe(false);
    const freshPrint = await fingerprint(fresh.db);
    expect(usedPrint).not.toBe(freshPrint);

    await used.close();
    open.splice(0);
    // The database just released is the next one handed out.
    const again = await takeTestDatabase();
    expect(again.reused).toBe(true);
    expect(await fingerprint(again.db)).toBe(freshPrint);
    await again.release();
    await fresh.release();
  });

  it('refuses a query through a closed context, so a late query cannot reach the next test', async () => {
    const before = keptDatabases();
    const ctx = await createTestContext();
    await ctx.close();
    await expect(sql`SELECT 1`.execute(ctx.baseDb)).rejects.toThrow(/destroyed/);
    await expect(sql`SELECT 1`.execute(ctx.db)).rejects.toThrow();
    // Closing twice keeps the database once, or two later tests would share it.
    await ctx.close();
    expect(keptDatabases()).toBe(Math.max(before, 1));
  });
});
