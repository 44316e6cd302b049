import { LEGACY_FIELD_NAMES as L, todayInDhaka, translate, type MessageKey } from '@portal/shared';
import type { CsvCell } from '../../platform/http/csv.js';
import type { RegisterCsvSource } from './register.repository.js';

/**
 * The register's CSV columns (spec 2 §9: old_applicant_data.csv, change_… and renew_…, "each with 21
 * columns"; docs/decisions/037-register-lists-and-exports.md): the one table of column name → how
 * its cell is read from a row. The names are the legacy field names of spec 2 §3, taken from the one
 * mapping table (shared/src/legacy-fields.ts), so the office's old sheets and macros keep working.
 * The four lists share it: a column that means nothing for a kind stays empty on its rows.
 */
interface CsvColumn {
  name: string;
  cell: (r: RegisterCsvSource) => CsvCell;
}

/** A form code (electric, deep, 1.0) as the Bangla the office reads; an unknown code as it is. */
function label(prefix: string, code: string | null): string {
  if (!code) return '';
  const key = `${prefix}.${code}` as MessageKey;
  const text = translate('bn', key);
  return text === key ? code : text;
}

export const REGISTER_CSV_COLUMNS: readonly CsvColumn[] = [
  { name: L.applicationNumber, cell: (r) => Number(r.application_number) },
  { name: L.kindTitle, cell: (r) => label('staff.kind', r.kind) },
  { name: L.kind, cell: (r) => r.kind },
  { name: L.applicantName, cell: (r) => r.applicant_name },
  { name: L.fatherName, cell: (r) => r.father_name },
  { name: L.mobile, cell: (r) => r.mobile },
  { name: L.upazila, cell: (r) => r.upazila },
  { name: L.village, cell: (r) => r.village },
  { name: L.union, cell: (r) => r.union_name },
  { name: L.postOffice, cell: (r) => r.post_office },
  { name: L.mouza, cell: (r) => r.mouza },
  { name: L.jlNumber, cell: (r) => r.jl_number },
  { name: L.khotian, cell: (r) => r.khotian },
  { name: L.dagNumber, cell: (r) => r.dag_number },
  // The new plot of a plot change (spec 2 §3 "dagnumber2 (new plot)").
  { name: L.newDagNumber, cell: (r) => r.new_dag_number },
  { name: L.pumpType, cell: (r) => label('common.pumpType', r.pump_type) },
  { name: L.wellClass, cell: (r) => label('common.wellClass', r.well_class) },
  { name: L.wellSize, cell: (r) => label('common.wellSize', r.well_size) },
  // The stage code (StepOne … Decline), as the legacy destination field held it.
  { name: L.stage, cell: (r) => r.stage },
  // One date format (spec README defect 8): the Dhaka day, YYYY-MM-DD, which Excel reads as a date.
  { name: L.submittedOn, cell: (r) => (r.submitted_at ? todayInDhaka(new Date(r.submitted_at)) : '') },
  { name: L.licenceNumber, cell: (r) => (r.licence_number === null ? '' : Number(r.licence_number)) },
];

export const REGISTER_CSV_HEADER = REGISTER_CSV_COLUMNS.map((c) => c.name);

/** The export's rows as CSV cells, in the table's order, pulled one at a time from `rows`. */
export async function* registerCsvCells(rows: AsyncIterable<RegisterCsvSource>): AsyncGenerator<CsvCell[]> {
  for await (const r of rows) yield REGISTER_CSV_COLUMNS.map((c) => c.cell(r));
}
