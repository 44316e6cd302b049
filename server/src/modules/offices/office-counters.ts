import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/**
 * Each office's numbers (docs/decisions/057-offices.md, step 3). One row's number comes from the
 * column's default; a bulk insert takes its block here, in one statement
 * (migrations/20261128-09-office-number-blocks.ts). Numbers are counted per transaction's office.
 */
export type OfficeCounter = 'application' | 'licence' | 'complaint' | 'copy_request';

/** The first of `n` numbers taken together; the rest follow it. */
export async function takeOfficeNumbers(db: Database, counter: OfficeCounter, n: number): Promise<number> {
  const { rows } = await sql<{ first: string }>`SELECT take_office_numbers(${counter}, ${n}) AS first`.execute(db);
  return Number(rows[0]!.first);
}
