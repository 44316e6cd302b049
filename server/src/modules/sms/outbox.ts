import type { Kysely, Transaction } from 'kysely';
import { normaliseMobile } from '@portal/shared';
import { SMS_NOTE } from '@portal/shared/sms-notes';
import type { DB } from '../../platform/db/schema.js';

/** What a text message is about; kept on the row so an Admin can tell the messages apart. */
export type SmsKind = 'otp' | 'applicationReceived' | 'recheck' | 'approved' | 'declined' | 'suspended' | (string & {});

export interface OutgoingSms {
  /** The applicant's mobile as 01XXXXXXXXX (Bangla digits or +88 are tolerated). */
  to: string;
  body: string;
  kind: SmsKind;
  /**
   * Makes the enqueue idempotent: a second message with the same key is dropped, so a repeated
   * request (an outbox replay, a double click) never texts the applicant twice (docs/decisions/018-service-targets.md).
   */
  dedupeKey?: string;
}

/**
 * Queues a text message in the durable outbox (sms_outbox), inside the caller's transaction: the
 * message exists exactly when the change it reports was committed. The worker (./worker.ts) sends it.
 */
export async function enqueueSms(db: Kysely<DB> | Transaction<DB>, sms: OutgoingSms): Promise<void> {
  const to = normaliseMobile(sms.to);
  await db
    .insertInto('sms_outbox')
    .values({
      dedupe_key: sms.dedupeKey ?? null,
      to_number: to ?? sms.to,
      body: sms.body,
      kind: sms.kind,
      // A number the gateway cannot take is recorded as failed (visible to the Admin) rather than
      // failing the caller's transaction: the application it belongs to must still be saved.
      ...(to ? {} : { status: 'failed' as const, last_error: SMS_NOTE.badNumber }),
    })
    .onConflict((oc) => oc.columns(['office_id', 'dedupe_key']).doNothing())
    .execute();
}
