import { sql, type RawBuilder } from 'kysely';
import type { LicenceStatus } from '@portal/shared';

/**
 * The one SQL form of a licence's status; it must agree with licenceStatus() in
 * shared/src/workflow/licence.ts (suspended, then expired by date, then testing, else active).
 * `today` is the Dhaka calendar date of the caller's clock (todayInDhaka(deps.now())), so tests with a
 * fixed clock and the server agree; `table` is the licences table or its alias in the query.
 */
export function licenceStatusSql(today: string, table = 'licences'): RawBuilder<LicenceStatus> {
  const col = (name: string) => sql.ref(`${table}.${name}`);
  return sql<LicenceStatus>`(CASE
    WHEN ${col('status')} = 'suspended' THEN 'suspended'
    WHEN ${col('valid_to')} < ${today}::date THEN 'expired'
    WHEN ${col('is_testing')} THEN 'testing'
    ELSE 'active' END)`;
}
