import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { oldRecordPeriod, toLatinDigits, type OldRecordFields } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { insertOldRecordApplications } from '../applications/application-insert.js';
import { writeAudits } from '../audit/audit.repository.js';
import { contentHash } from '../intake/content-hash.js';
import { registerOldLicences } from '../licences/licence.writer.js';
import { wellPositionColumns } from '../map/well-position.js';
import { takeOfficeNumbers } from '../offices/office-counters.js';

/**
 * SQL of the old records (docs/decisions/039-old-records-import.md): each is an application of kind
 * 'Old', Approved and seen by every office (spec 2 §3 "created with all statuses Seen, destination
 * Approved, category Old"), with its licence written by the licence writer (decision 022) and one
 * audit row on both, in the caller's transaction. Batched, so an import of thousands is a few
 * statements per thousand records rather than a few per record.
 */

/** Which of these licence numbers the portal already holds (any licence, a deleted application's too: numbers are never reused). */
export async function takenLicenceNumbers(
  db: Database | Transaction<DB>,
  numbers: readonly number[],
): Promise<Set<number>> {
  const taken = new Set<number>();
  const unique = [...new Set(numbers)];
  for (let i = 0; i < unique.length; i += 5000) {
    const rows = await db
      .selectFrom('licences')
      .select('licence_number')
      .where('licence_number', 'in', unique.slice(i, i + 5000))
      .execute();
    for (const r of rows) taken.add(Number(r.licence_number));
  }
  return taken;
}

/** The search copy columns of an old record (the register's lists search and sort by them). */
export function oldRecordColumns(f: OldRecordFields) {
  return {
    applicant_name: f.applicantName,
    father_name: f.fatherName ?? '',
    // No mobile in the register: the holder cannot renew online until the office adds one.
    mobile: f.mobile ?? '',
    upazila: f.upazila,
    village: f.village,
    union_name: f.union,
    mouza: f.mouza,
    jl_number: f.jlNumber ?? '',
    dag_number: toLatinDigits(f.dagNumber ?? ''),
  };
}

export interface InsertedOldRecord {
  applicationId: string;
  applicationNumber: number;
  licenceId: string;
  licenceNumber: number;
}

/**
 * Inserts the records, their licences and their audit rows; answers them in the order given.
 * `source` says where they came from: the form, or an import (with its id, on every row).
 */
export async function insertOldRecords(
  trx: Transaction<DB>,
  records: readonly OldRecordFields[],
  v: {
    actor: { userId: number; email: string };
    now: Date;
    today: string;
    source: { kind: 'form' } | { kind: 'import'; importId: string; rows: number };
  },
): Promise<InsertedOldRecord[]> {
  const apps = records.map((fields) => ({ id: crypto.randomUUID(), fields, period: oldRecordPeriod(fields, v.today) }));
  const numbers = new Map<string, number>();
  // 500 rows × 24 columns stays well under PostgreSQL's 65,535 parameters a statement.
  for (let i = 0; i < apps.length; i += 500) {
    const chunk = apps.slice(i, i + 500);
    // The chunk's numbers in one block: a default per row would cost the square of an import's rows.
    const first = await takeOfficeNumbers(trx, 'application', chunk.length);
    const rows = await insertOldRecordApplications(
      trx,
      chunk.map((a, k) => ({
        id: a.id,
        application_number: first + k,
        kind: 'Old' as const,
        licence_id: null,
        content_hash: contentHash({ kind: 'Old', fields: a.fields, files: [] }),
        intake_status: 'complete' as const,
        fields: JSON.stringify(a.fields),
        file_manifest: JSON.stringify([]),
        ...oldRecordColumns(a.fields),
        ...wellPositionColumns(a.fields, 'applicant'),
        stage: 'Approved' as const,
        seen_chairman: true,
        seen_uno: true,
        seen_badc: true,
        seen_pollibidut: true,
        submitted_at: v.now,
        created_at: v.now,
        updated_at: v.now,
      })),
    );
    for (const r of rows) numbers.set(r.id, Number(r.application_number));
  }
  const licences = await registerOldLicences(
    trx,
    apps.map((a) => ({
      applicationId: a.id,
      licenceNumber: Number(a.fields.licenceNumber),
      holderName: a.fields.applicantName,
      dagNumber: a.fields.dagNumber ?? '',
      ...a.period,
    })),
    { by: v.actor.userId, now: v.now },
  );
  const inserted = licences.map((l) => ({ ...l, applicationNumber: numbers.get(l.applicationId)! }));
  await writeAudits(
    trx,
    inserted.map((r) => ({
      applicationId: r.applicationId,
      licenceId: r.licenceId,
      actor: v.actor,
      action: v.source.kind === 'form' ? 'oldRecord.entered' : 'oldRecord.imported',
      toStage: 'Approved',
      details: {
        applicationNumber: r.applicationNumber,
        licenceNumber: r.licenceNumber,
        ...(v.source.kind === 'import' ? { importId: v.source.importId, importRows: v.source.rows } : {}),
      },
      at: v.now,
    })),
  );
  return inserted;
}
