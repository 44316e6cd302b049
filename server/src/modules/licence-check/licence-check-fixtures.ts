import crypto from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import type { TestContext } from '../../test/harness.js';

/** What a licence test needs to vary; everything else is a plausible approved application. */
export interface LicenceSeed {
  holderName?: string;
  village?: string;
  union?: string;
  upazila?: string;
  mobile?: string;
  nid?: string;
  validFrom: string;
  validTo: string;
  isTesting?: boolean;
  suspended?: boolean;
  /** A number of its own, e.g. the same number in two offices; else the office's next one. */
  number?: number;
}

/**
 * An approved application and its licence, written straight into the tables the way the approval
 * leaves them, with a mobile number, an NID and a father's name that no public answer may carry.
 * `db`: the office's database to write in (another office's: scopedDatabase).
 */
export async function seedLicence(
  ctx: TestContext,
  seed: LicenceSeed,
  db: Database = ctx.db,
): Promise<{ applicationId: string; licenceId: string; number: number }> {
  const applicationId = crypto.randomUUID();
  const holderName = seed.holderName ?? 'মোছাঃ রহিমা খাতুন';
  const mobile = seed.mobile ?? '01712345678';
  const fields = {
    applicantName: holderName,
    fatherName: 'আব্দুল করিম মন্ডল',
    mobile,
    nid: seed.nid ?? '1987654321012',
    upazila: seed.upazila ?? 'শিবগঞ্জ',
    village: seed.village ?? 'কানসাট',
    union: seed.union ?? 'বিনোদপুর',
  };
  await db
    .insertInto('applications')
    .values({
      id: applicationId,
      kind: 'New',
      content_hash: crypto.randomBytes(16).toString('hex'),
      intake_status: 'complete',
      fields: JSON.stringify(fields),
      file_manifest: JSON.stringify([]),
      applicant_name: holderName,
      father_name: fields.fatherName,
      mobile,
      upazila: fields.upazila,
      village: fields.village,
      union_name: fields.union,
      stage: 'Approved',
      seen_chairman: true,
      seen_uno: true,
      seen_badc: true,
      submitted_at: ctx.clock.now,
      created_at: ctx.clock.now,
      updated_at: ctx.clock.now,
    })
    .execute();
  const licenceId = crypto.randomUUID();
  const row = await db
    .insertInto('licences')
    .values({
      id: licenceId,
      ...(seed.number === undefined ? {} : { licence_number: seed.number }),
      application_id: applicationId,
      holder_name: holderName,
      term_years: seed.isTesting ? 1 : 3,
      is_testing: seed.isTesting ?? false,
      issued_on: seed.validFrom,
      valid_from: seed.validFrom,
      valid_to: seed.validTo,
      status: seed.suspended ? 'suspended' : 'active',
      created_at: ctx.clock.now,
    })
    .returning('licence_number')
    .executeTakeFirstOrThrow();
  return { applicationId, licenceId, number: Number(row.licence_number) };
}
