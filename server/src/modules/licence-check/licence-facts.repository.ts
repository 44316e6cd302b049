import { licenceStatus, type LicenceStatus } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { isLive } from '../applications/applications.repository.js';
import { factText, type LicenceFacts } from '@portal/shared/licence-facts';
import { officeById } from '../offices/office-lookup.js';
import type { Office } from '../offices/offices.repository.js';

export interface LiveLicenceFacts extends LicenceFacts {
  /** The issuing office's code, signed into the QR (docs/decisions/057-offices.md). */
  office: string;
  /** The issuing office by name, for the public answer. */
  issuer: Pick<Office, 'code' | 'nameBn' | 'nameEn'>;
  status: LicenceStatus;
}

/**
 * A licence's public facts as they stand today: the licence's own holder name (changed by an
 * approved name change), the well's place from the request that made it, the current validity,
 * and the status by the licence's one rule (licenceStatus, shared/src/workflow/licence.ts).
 * Selects no mobile, NID or father's name, so no answer built from it can carry them. The office
 * is the licence row's own, so a scope over several offices still names the right one.
 */
export async function findLicenceFacts(
  db: Database,
  by: { number: number } | { licenceId: string },
  today: string,
): Promise<LiveLicenceFacts | null> {
  let query = db
    .selectFrom('licences as l')
    .innerJoin('applications as a', 'a.id', 'l.application_id')
    .select([
      'l.office_id',
      'l.licence_number',
      'l.holder_name',
      'l.issued_on',
      'l.valid_from',
      'l.valid_to',
      'l.is_testing',
      'l.status',
      'a.applicant_name',
      'a.village',
      'a.union_name',
      'a.upazila',
    ]);
  query = 'number' in by ? query.where('l.licence_number', '=', by.number) : query.where('l.id', '=', by.licenceId);
  // The licence of a deleted application is checked like an unknown number (decision 037).
  query = query.where(isLive('a'));
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const office = await officeById(db, row.office_id);
  if (!office) throw new Error(`licence of office ${row.office_id}, which is not in the office list`);
  return {
    office: office.code,
    issuer: { code: office.code, nameBn: office.nameBn, nameEn: office.nameEn },
    number: Number(row.licence_number),
    // A licence made before it had its own holder name falls back to the applicant's.
    holderName: factText(row.holder_name || row.applicant_name),
    place: { village: factText(row.village), union: factText(row.union_name), upazila: factText(row.upazila) },
    validFrom: row.valid_from,
    validTo: row.valid_to,
    issuedOn: row.issued_on,
    status: licenceStatus(
      {
        suspended: row.status === 'suspended',
        testing: row.is_testing,
        validFrom: row.valid_from,
        validTo: row.valid_to,
      },
      today,
    ),
  };
}
