import crypto from 'node:crypto';
import {
  oldRecordFieldsSchema,
  todayInDhaka,
  toBanglaDigits,
  toLatinDigits,
  translate,
  type MessageKey,
  type OldRecordFields,
} from '@portal/shared';
import type { OldImportReport, OldImportRow, OldRecordCreated } from '@portal/shared/schemas/old-records';
import type { Database } from '../../platform/db/database.js';
import type { AppDeps } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { getSettings } from '../settings/settings.repository.js';
import type { CsvRow } from './csv-upload.js';
import { fieldMessage, mapHeader, rowInput } from './import-columns.js';
import { insertOldRecords, takenLicenceNumbers } from './old-records.repository.js';

/**
 * Old records from the paper register, one by one or a CSV file (spec 2 §2 "Old-application
 * entry"; docs/decisions/039-old-records-import.md). The dry run and the import read the file the
 * same way and answer the same row report; the import writes every row in one transaction, or,
 * when any row is wrong, nothing.
 */

export interface Actor {
  userId: number;
  email: string;
}

/** Spec 2 §2: the entry is shown only while others1 is ON; otherwise it is not there (404). */
export async function assertOldRecordsOpen(db: Database): Promise<void> {
  const settings = await getSettings(db);
  if (settings.others1 !== 'ON') throw new Problem('OLD_RECORDS_CLOSED');
}

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';
const taken = () =>
  new Problem('LICENCE_NUMBER_TAKEN', { fields: { licenceNumber: translate('bn', 'oldRecords.v.duplicateInPortal') } });

/** One record from the form: its application, licence, period and audit row, or 409 for a number in use. */
export async function createOldRecord(deps: AppDeps, actor: Actor, fields: OldRecordFields): Promise<OldRecordCreated> {
  const now = deps.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if ((await takenLicenceNumbers(trx, [Number(fields.licenceNumber)])).size > 0) throw taken();
      const [created] = await insertOldRecords(trx, [fields], {
        actor,
        now,
        today: todayInDhaka(now),
        source: { kind: 'form' },
      });
      return created!;
    });
  } catch (e) {
    // Another entry took the number between the check and the insert.
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}

const issueText = (message: string) => {
  const text = translate('bn', message as MessageKey);
  return text === message ? translate('bn', 'problem.VALIDATION') : text;
};

/**
 * Reads the whole file and says row by row what would be created and what is wrong: cells that
 * cannot be read, the form's rules (the same schema as the form), a licence number twice in the
 * file or already on the portal. Keeps the valid records for the import.
 */
export async function checkOldImport(
  db: Database,
  rows: AsyncIterable<CsvRow>,
): Promise<{ report: OldImportReport; records: OldRecordFields[] }> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new Problem('CSV_UNREADABLE', { fields: { file: translate('bn', 'oldRecords.csv.empty') } });
  const header = mapHeader(first.value.cells);
  if ('problems' in header) throw new Problem('CSV_UNREADABLE', { fields: { file: header.problems.join(' ') } });
  const { mapping } = header;

  const report: OldImportRow[] = [];
  const valid: { line: OldImportRow; fields: OldRecordFields }[] = [];
  const firstRowOf = new Map<number, number>();
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    const { row, cells } = next.value;
    const { input, errors } = rowInput(mapping, cells);
    const line: OldImportRow = {
      row,
      ok: false,
      licenceNumber: toLatinDigits(input.licenceNumber ?? ''),
      applicantName: input.applicantName ?? '',
      errors,
    };
    report.push(line);
    const parsed = oldRecordFieldsSchema.safeParse(input);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        // A cell already reported as unreadable is left out of the form's rules.
        if (seen.has(field) || (field !== '' && errors.some((e) => e.startsWith(fieldMessage(field, ''))))) continue;
        seen.add(field);
        errors.push(fieldMessage(field, issueText(issue.message)));
      }
      continue;
    }
    const number = Number(parsed.data.licenceNumber);
    const earlier = firstRowOf.get(number);
    if (earlier !== undefined) {
      errors.push(
        fieldMessage(
          'licenceNumber',
          translate('bn', 'oldRecords.v.duplicateInFile', { row: toBanglaDigits(earlier) }),
        ),
      );
    } else firstRowOf.set(number, row);
    if (errors.length === 0) valid.push({ line, fields: parsed.data });
  }
  if (report.length === 0)
    throw new Problem('CSV_UNREADABLE', { fields: { file: translate('bn', 'oldRecords.csv.empty') } });

  const inPortal = await takenLicenceNumbers(
    db,
    valid.map((v) => Number(v.fields.licenceNumber)),
  );
  const records: OldRecordFields[] = [];
  for (const v of valid) {
    if (inPortal.has(Number(v.fields.licenceNumber))) {
      v.line.errors.push(fieldMessage('licenceNumber', translate('bn', 'oldRecords.v.duplicateInPortal')));
    } else {
      v.line.ok = true;
      records.push(v.fields);
    }
  }
  const ok = records.length;
  return {
    report: {
      dryRun: true,
      imported: false,
      totals: { rows: report.length, ok, withErrors: report.length - ok },
      ignoredColumns: mapping.ignored,
      rows: report,
    },
    records,
  };
}

/** The import: every row in one transaction, or 422 with the row report and nothing written. */
export async function importOldRecords(
  deps: AppDeps,
  actor: Actor,
  rows: AsyncIterable<CsvRow>,
): Promise<OldImportReport> {
  const { report, records } = await checkOldImport(deps.db, rows);
  const answer = { ...report, dryRun: false };
  if (report.totals.withErrors > 0) throw new Problem('IMPORT_ROWS_INVALID', { report: answer });
  const now = deps.now();
  try {
    await deps.db.transaction().execute((trx) =>
      insertOldRecords(trx, records, {
        actor,
        now,
        today: todayInDhaka(now),
        source: { kind: 'import', importId: crypto.randomUUID(), rows: records.length },
      }),
    );
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
  return { ...answer, imported: true };
}
