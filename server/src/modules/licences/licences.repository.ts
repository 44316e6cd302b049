import type { Transaction } from 'kysely';
import { todayInDhaka, type LicenceStatus } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import type { DB, Stage } from '../../platform/db/schema.js';
import { licenceStatusSql } from './licence-status.js';
import { isLive } from '../applications/applications.repository.js';

/**
 * What the certificate is built from: the application, its licence (if issued), the licence's
 * periods and its name/plot history.
 */
export interface LicenceRecord {
  application: {
    id: string;
    applicationNumber: number;
    kind: DB['applications']['kind'];
    stage: Stage;
    /** Which review levels have seen it: with the stage, who may read it (decision 017). */
    seen: { chairman: boolean; uno: boolean; badc: boolean };
    fields: Record<string, unknown>;
    upazila: string;
    /** The well's position by the one rule (BADC's recorded one, else the applicant's; decision 028). */
    position: { latitude: number; longitude: number } | null;
  };
  licence: {
    id: string;
    licenceNumber: number;
    version: number;
    holderName: string;
    dagNumber: string;
    termYears: number;
    isTesting: boolean;
    issuedOn: string;
    validFrom: string;
    validTo: string;
    /** From licenceStatusSql: the one status rule (decision 022). */
    status: LicenceStatus;
    suspendNote: string | null;
    approver: Record<string, unknown> | null;
  } | null;
  periods: { validFrom: string; validTo: string }[];
  changes: { field: 'holderName' | 'dagNumber' | 'office'; from: string; to: string; at: Date }[];
}

/** Null when there is no such application. */
export async function findLicenceRecord(db: Database, applicationId: string, now: Date): Promise<LicenceRecord | null> {
  const app = await db
    .selectFrom('applications')
    .select([
      'id',
      'application_number',
      'kind',
      'stage',
      'seen_chairman',
      'seen_uno',
      'seen_badc',
      'fields',
      'upazila',
      'latitude',
      'longitude',
    ])
    .where('id', '=', applicationId)
    // A deleted application has no certificate to show (decision 037).
    .where(isLive())
    .executeTakeFirst();
  if (!app) return null;
  const lic = await db
    .selectFrom('licences')
    .select([
      'id',
      'licence_number',
      'version',
      'holder_name',
      'dag_number',
      'term_years',
      'is_testing',
      'issued_on',
      'valid_from',
      'valid_to',
      'suspend_note',
      'approver',
    ])
    .select(licenceStatusSql(todayInDhaka(now)).as('status'))
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  const [periods, changes] = lic
    ? await Promise.all([
        db
          .selectFrom('licence_periods')
          .select(['valid_from', 'valid_to'])
          .where('licence_id', '=', lic.id)
          .orderBy('valid_from')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('licence_changes')
          .select(['field', 'from_value', 'to_value', 'at'])
          .where('licence_id', '=', lic.id)
          .orderBy('at')
          .orderBy('id')
          .execute(),
      ])
    : [[], []];
  return {
    application: {
      id: app.id,
      applicationNumber: Number(app.application_number),
      kind: app.kind,
      stage: app.stage,
      seen: { chairman: app.seen_chairman, uno: app.seen_uno, badc: app.seen_badc },
      fields: app.fields ?? {},
      upazila: app.upazila,
      position:
        app.latitude !== null && app.longitude !== null
          ? { latitude: Number(app.latitude), longitude: Number(app.longitude) }
          : null,
    },
    licence: lic
      ? {
          id: lic.id,
          licenceNumber: Number(lic.licence_number),
          version: lic.version,
          holderName: lic.holder_name,
          dagNumber: lic.dag_number,
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
    changes: changes.map((c) => ({ field: c.field, from: c.from_value, to: c.to_value, at: new Date(c.at) })),
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
