import type { RegisterFilter, RegisterList } from '@portal/shared/schemas/register';
import type { Database } from '../../platform/db/database.js';
import type { CsvCell } from '../../platform/http/csv.js';
import { REGISTER_CSV_HEADER, registerCsvCells } from '../register/register-csv.js';
import { registerCsvRows } from '../register/register.repository.js';
import type { Office } from './offices.repository.js';

/**
 * The area's register export (docs/decisions/057-offices.md, step 4): the office export's legacy
 * columns (register-csv.ts, unchanged) after one more, first, naming the row's office in Bangla.
 * The office's own export stays as it was: old sheets and macros read it by position.
 */
export const AREA_REGISTER_CSV_HEADER = ['office', ...REGISTER_CSV_HEADER];

/**
 * The rows office by office, in the order of the list of offices, each office's newest first. Each
 * office is read through its own one-office view, so every keyset batch is one range of the
 * office-led index (db/office-filter.ts); a sort across the offices would read and sort the whole
 * area once per batch. The key (submitted_at, application number) is unique within an office, so
 * no row is skipped or repeated however many offices share the same numbers.
 */
export async function* areaRegisterCsvRows(
  offices: readonly { office: Office; db: Database }[],
  list: RegisterList,
  filter: RegisterFilter,
): AsyncGenerator<CsvCell[]> {
  for (const { office, db } of offices) {
    for await (const cells of registerCsvCells(registerCsvRows(db, list, filter))) yield [office.nameBn, ...cells];
  }
}
