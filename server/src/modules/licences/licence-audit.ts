import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * A licence action's audit row (decision 022): like an application's, but on the licence, with
 * the status before and after in from_stage/to_stage so the history reads the same way.
 */
export async function writeLicenceAudit(
  trx: Transaction<DB>,
  entry: {
    licenceId: string;
    applicationId: string | null;
    actor: { userId: number; email: string };
    action: string;
    fromStatus: string;
    toStatus: string;
    note: string | null;
    details: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      licence_id: entry.licenceId,
      application_id: entry.applicationId,
      actor_user_id: entry.actor.userId,
      actor_label: entry.actor.email,
      action: `licence.${entry.action}`,
      from_stage: entry.fromStatus,
      to_stage: entry.toStatus,
      note: entry.note,
      details: JSON.stringify(entry.details),
      at: entry.at,
    })
    .execute();
}
