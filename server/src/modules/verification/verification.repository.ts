import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { isLive } from '../applications/applications.repository.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The application a citizen names by its number, only if the mobile number is the one it was filed
 * with; a deleted one answers like one that never existed (decision 037).
 */
export async function findApplicationByNumberAndMobile(
  db: Db,
  applicationNumber: number,
  mobile: string,
): Promise<{ id: string; application_number: number } | undefined> {
  return db
    .selectFrom('applications')
    .select(['id', 'application_number'])
    .where('application_number', '=', applicationNumber)
    .where('mobile', '=', mobile)
    .where(isLive())
    .executeTakeFirst();
}

/**
 * A new code replaces the earlier ones for that application, number and purpose: only the latest
 * text works. Scoped to the application, so a send naming another (or a made-up) application
 * number never cancels the applicant's code (issue 7, decision 015).
 */
export async function expireOpenChallenges(
  db: Db,
  c: { applicationId: string; mobile: string; purpose: number; now: Date },
): Promise<void> {
  const { now } = c;
  await db
    .updateTable('otp_challenges')
    .set({ expires_at: now })
    .where('application_id', '=', c.applicationId)
    .where('mobile', '=', c.mobile)
    .where('purpose', '=', c.purpose)
    .where('verified_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function insertChallenge(
  db: Db,
  c: {
    id: string;
    applicationId: string | null;
    mobile: string;
    purpose: number;
    codeHash: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('otp_challenges')
    .values({
      id: c.id,
      application_id: c.applicationId,
      mobile: c.mobile,
      purpose: c.purpose,
      code_hash: c.codeHash,
      expires_at: c.expiresAt,
      created_at: c.now,
    })
    .execute();
}

export async function lockChallenge(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom('otp_challenges as c')
    .leftJoin('applications as a', 'a.id', 'c.application_id')
    .select([
      'c.id',
      'c.application_id',
      'c.purpose',
      'c.code_hash',
      'c.wrong_tries',
      'c.expires_at',
      'c.verified_at',
      'a.application_number',
    ])
    .where('c.id', '=', id)
    .forUpdate('c')
    .executeTakeFirst();
}

export async function recordWrongTry(trx: Transaction<DB>, id: string): Promise<number> {
  const row = await trx
    .updateTable('otp_challenges')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .returning('wrong_tries')
    .executeTakeFirstOrThrow();
  return row.wrong_tries;
}

export async function markVerified(trx: Transaction<DB>, id: string, now: Date): Promise<void> {
  await trx.updateTable('otp_challenges').set({ verified_at: now }).where('id', '=', id).execute();
}
