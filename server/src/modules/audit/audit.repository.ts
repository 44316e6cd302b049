import type { Kysely, Transaction } from 'kysely';
import type { AuditEntityType } from '@portal/shared/schemas/audit';
import type { DB } from '../../platform/db/schema.js';

/** A signed-in officer, as the audit names them (their e-mail at the time stays on the row). */
export type StaffActor = { userId: number; email: string };
/** Who made a change: an officer, the applicant through the citizen pages, or the portal itself. */
export type AuditActor = StaffActor | 'citizen' | 'system';

export const actorOf = (staff: { id: number; email: string }): StaffActor => ({ userId: staff.id, email: staff.email });

/**
 * The record a row is about when it is not an application or a licence (migration 20261124-19):
 * the settings, a notice, an account, … with its name at the time, so the row still reads after
 * the record is gone (docs/decisions/041-audit-trail.md).
 */
export interface AuditEntity {
  type: AuditEntityType;
  id: string | number;
  label?: string | null;
}

/**
 * Every change writes one row here (issue 2 §2, issue 10): who, when, what, on which record, and
 * its values before and after. The repository function that makes the change writes it, in the
 * transaction that makes the change (docs/decisions/041-audit-trail.md); routes never do.
 */
export interface AuditEntry {
  applicationId: string | null;
  /** A row about a licence too (audit_log.licence_id, migration 20261123-11). */
  licenceId?: string | null;
  /** Any other record (settings, content, accounts, texts; decision 041). */
  entity?: AuditEntity | null;
  actor: AuditActor;
  action: string;
  fromStage?: string | null;
  toStage?: string | null;
  note?: string | null;
  details?: Record<string, unknown> | null;
  at?: Date;
}

/**
 * Features that name their record only in `details` (resolutions, complaints, copy requests, GEO
 * items) still get an entity, so the audit page finds their rows by record as well.
 */
const DETAIL_ENTITY_KEYS: readonly [string, AuditEntityType][] = [
  ['resolutionId', 'resolution'],
  ['complaintId', 'complaint'],
  ['copyRequestId', 'copyRequest'],
  ['geoItemId', 'image'],
];

function entityOf(entry: AuditEntry): AuditEntity | null {
  if (entry.entity) return entry.entity;
  if (entry.applicationId || entry.licenceId || !entry.details) return null;
  for (const [key, type] of DETAIL_ENTITY_KEYS) {
    const id = entry.details[key];
    if (typeof id === 'string' || typeof id === 'number') return { type, id };
  }
  return null;
}

function auditRow(entry: AuditEntry) {
  const actor = entry.actor;
  const entity = entityOf(entry);
  return {
    application_id: entry.applicationId,
    licence_id: entry.licenceId ?? null,
    entity_type: entity?.type ?? null,
    entity_id: entity ? String(entity.id) : null,
    entity_label: entity?.label ?? null,
    actor_user_id: typeof actor === 'object' ? actor.userId : null,
    actor_label: typeof actor === 'object' ? actor.email : actor,
    action: entry.action,
    from_stage: entry.fromStage ?? null,
    to_stage: entry.toStage ?? null,
    note: entry.note ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    at: entry.at ?? new Date(),
  };
}

export async function writeAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(entry)).execute();
}

/**
 * Many rows in a few statements, for a change of thousands of records at once (an old-register
 * import, docs/decisions/039-old-records-import.md): 1,000 rows a statement keeps the parameters
 * (13 a row) well under PostgreSQL's 65,535.
 */
export async function writeAudits(db: Kysely<DB> | Transaction<DB>, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    await db
      .insertInto('audit_log')
      .values(entries.slice(i, i + 1000).map(auditRow))
      .execute();
  }
}

/**
 * Runs a change in the caller's transaction, or in one of its own: the change and its audit row
 * commit together or not at all (decision 041).
 */
export function inTransaction<T>(
  db: Kysely<DB> | Transaction<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);
}
