import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB, Stage } from '../../db/schema.js';

/** What the certificate is built from: the application, its licence (if issued) and the licence's periods. */
export interface LicenceRecord {
  application: {
    id: string;
    applicationNumber: number;
    stage: Stage;
    /** Which review levels have seen it: with the stage, who may read it (decision 017). */
    seen: { chairman: boolean; uno: boolean; badc: boolean };
    fields: Record<string, unknown>;
    upazila: string;
  };
  licence: {
    id: string;
    licenceNumber: number;
    termYears: number;
    isTesting: boolean;
    issuedOn: string;
    validFrom: string;
    validTo: string;
    status: 'active' | 'suspended';
    suspendNote: string | null;
    approver: Record<string, unknown> | null;
  } | null;
  periods: { validFrom: string; validTo: string }[];
}

/** Null when there is no such application. */
export async function findLicenceRecord(db: Database, applicationId: string): Promise<LicenceRecord | null> {
  const app = await db
    .selectFrom('applications')
    .select(['id', 'application_number', 'stage', 'seen_chairman', 'seen_uno', 'seen_badc', 'fields', 'upazila'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  if (!app) return null;
  const lic = await db
    .selectFrom('licences')
    .select([
      'id',
      'licence_number',
      'term_years',
      'is_testing',
      'issued_on',
      'valid_from',
      'valid_to',
      'status',
      'suspend_note',
      'approver',
    ])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  const periods = lic
    ? await db
        .selectFrom('licence_periods')
        .select(['valid_from', 'valid_to'])
        .where('licence_id', '=', lic.id)
        .orderBy('valid_from')
        .orderBy('id')
        .execute()
    : [];
  return {
    application: {
      id: app.id,
      applicationNumber: Number(app.application_number),
      stage: app.stage,
      seen: { chairman: app.seen_chairman, uno: app.seen_uno, badc: app.seen_badc },
      fields: app.fields ?? {},
      upazila: app.upazila,
    },
    licence: lic
      ? {
          id: lic.id,
          licenceNumber: Number(lic.licence_number),
          termYears: lic.term_years,
          isTesting: lic.is_testing,
          issuedOn: lic.issued_on,
          validFrom: lic.valid_from,
          validTo: lic.valid_to,
          status: lic.status,
          suspendNote: lic.suspend_note,
          approver: lic.approver,
        }
      : null,
    periods: periods.map((p) => ({ validFrom: p.valid_from, validTo: p.valid_to })),
  };
}

/** Stores the approver block of a licence; false when the application has no licence. */
export async function saveApprover(
  db: Database | Transaction<DB>,
  applicationId: string,
  approver: { custom: boolean; lines: string[] },
): Promise<boolean> {
  const result = await db
    .updateTable('licences')
    .set({ approver: JSON.stringify(approver) })
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
