import type { Insertable, Transaction } from 'kysely';
import type { ManifestEntry, RequestKind } from '@portal/shared';
import type { ApplicationsTable, DB, Stage } from '../../platform/db/schema.js';
import { wellPositionColumns } from '../map/well-position.js';

/**
 * The rows that enter the applications table: a citizen's request from the intake, and the old
 * records an officer enters or imports. The applications module is the table's only writer
 * (docs/decisions/057-offices.md, "each module the only writer of its tables"); the modules that
 * make applications build the values and call these in their own transaction.
 */

export interface NewApplicationRow {
  id: string;
  kind: RequestKind;
  licenceId: string | null;
  contentHash: string;
  fields: Record<string, unknown>;
  manifest: ManifestEntry[];
  columns: {
    applicantName: string;
    fatherName: string;
    mobile: string;
    upazila: string;
    village: string;
    union: string;
    mouza: string;
    jlNumber: string;
    dagNumber: string;
  };
  stage: Stage;
  seen: { chairman: boolean; uno: boolean; badc: boolean };
  now: Date;
}

/** The search copy columns of applications, written from the validated fields (searchColumnValues). */
export type SearchColumnValues = Record<
  | 'applicant_name'
  | 'father_name'
  | 'mobile'
  | 'upazila'
  | 'village'
  | 'union_name'
  | 'mouza'
  | 'jl_number'
  | 'dag_number',
  string
>;

/** The search copy columns of the row, from a kind's columns (intake/kinds/application-kind.ts). */
export function searchColumnValues(c: NewApplicationRow['columns']): SearchColumnValues {
  return {
    applicant_name: c.applicantName,
    father_name: c.fatherName,
    mobile: c.mobile,
    upazila: c.upazila,
    village: c.village,
    union_name: c.union,
    mouza: c.mouza,
    jl_number: c.jlNumber,
    dag_number: c.dagNumber,
  };
}

/**
 * Inserts the request unless its id exists already (a repeat from the phone's outbox, or a
 * concurrent duplicate): ON CONFLICT DO NOTHING makes the race safe, and the number comes from the
 * sequence, so parallel submissions never share one. Null when the id existed.
 */
export async function insertApplication(
  trx: Transaction<DB>,
  row: NewApplicationRow,
): Promise<{ referenceNumber: number } | null> {
  const inserted = await trx
    .insertInto('applications')
    .values({
      id: row.id,
      kind: row.kind,
      licence_id: row.licenceId,
      content_hash: row.contentHash,
      intake_status: 'receiving',
      fields: JSON.stringify(row.fields),
      file_manifest: JSON.stringify(row.manifest),
      ...searchColumnValues(row.columns),
      // The indexed position the map and the siting check read (decision 028).
      ...wellPositionColumns(row.fields, 'applicant'),
      stage: row.stage,
      seen_chairman: row.seen.chairman,
      seen_uno: row.seen.uno,
      seen_badc: row.seen.badc,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('application_number')
    .executeTakeFirst();
  return inserted ? { referenceNumber: inserted.application_number } : null;
}

/**
 * The old records' rows, as the old-records module built them (docs/decisions/039-old-records-import.md);
 * answers each row's id and application number.
 */
export async function insertOldRecordApplications(
  trx: Transaction<DB>,
  values: Insertable<ApplicationsTable>[],
): Promise<{ id: string; application_number: number }[]> {
  return trx.insertInto('applications').values(values).returning(['id', 'application_number']).execute();
}
