import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Every change of an application's stage or status writes one row here (issue 2 §2):
 * who, when, from, to, action, note. Call it inside the transaction that makes the change.
 */
export interface AuditEntry {
  applicationId: string | null;
  actor: { userId: number; email: string } | 'citizen' | 'system';
  action: string;
  fromStage?: string | null;
  toStage?: string | null;
  note?: string | null;
  details?: Record<string, unknown> | null;
  at?: Date;
}

export async function writeAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  const actor = entry.actor;
  await db
    .insertInto('audit_log')
    .values({
      application_id: entry.applicationId,
      actor_user_id: typeof actor === 'object' ? actor.userId : null,
      actor_label: typeof actor === 'object' ? actor.email : actor,
      action: entry.action,
      from_stage: entry.fromStage ?? null,
      to_stage: entry.toStage ?? null,
      note: entry.note ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      at: entry.at ?? new Date(),
    })
    .execute();
}
