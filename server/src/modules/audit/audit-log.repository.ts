import { sql, type Kysely, type Transaction } from 'kysely';
import { parseAuditEntity, type AuditQuery, type AuditRow } from '@portal/shared/schemas/audit';
import type { DB } from '../../platform/db/schema.js';
import { readableChanges, readableFacts } from './changes.js';

type Db = Kysely<DB> | Transaction<DB>;

/** `%text%` for LIKE, with the wildcards of the text itself escaped. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Bangladesh keeps one offset all year: a Dhaka date starts at 00:00 +06:00. */
const dhakaStart = (date: string) => new Date(`${date}T00:00:00+06:00`);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Admin's audit page (docs/decisions/041-audit-trail.md): one page of audit rows, newest
 * first, filtered by who (an account id, `citizen`, `system`, or part of an e-mail), what (one
 * action), which record (a type, or a type and id) and when (Dhaka dates, both ends included),
 * with a search over the e-mail, the record's name and id, the note, and an application's number.
 */
export async function listAudit(db: Db, query: Omit<AuditQuery, 'size'>): Promise<{ rows: AuditRow[]; total: number }> {
  let base = db.selectFrom('audit_log as a').leftJoin('applications as p', 'p.id', 'a.application_id');
  if (query.actor) {
    const actor = query.actor;
    if (/^\d{1,9}$/.test(actor)) base = base.where('a.actor_user_id', '=', Number(actor));
    else if (actor === 'citizen' || actor === 'system') {
      base = base.where('a.actor_user_id', 'is', null).where('a.actor_label', '=', actor);
    } else base = base.where(sql<boolean>`lower(a.actor_label) LIKE ${likePattern(actor)}`);
  }
  if (query.action) base = base.where('a.action', '=', query.action);
  const entity = query.entity ? parseAuditEntity(query.entity) : null;
  if (entity?.type === 'application') {
    base = entity.id ? base.where('a.application_id', '=', entity.id) : base.where('a.application_id', 'is not', null);
  } else if (entity?.type === 'licence') {
    base = entity.id ? base.where('a.licence_id', '=', entity.id) : base.where('a.licence_id', 'is not', null);
  } else if (entity) {
    base = base.where('a.entity_type', '=', entity.type);
    if (entity.id) base = base.where('a.entity_id', '=', entity.id);
  }
  if (query.from) base = base.where('a.at', '>=', dhakaStart(query.from));
  if (query.to) base = base.where('a.at', '<', new Date(dhakaStart(query.to).getTime() + DAY_MS));
  if (query.q) {
    const pattern = likePattern(query.q);
    const number = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(a.actor_label)`, 'like', pattern),
        eb(sql`lower(coalesce(a.entity_label, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(a.entity_id, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(a.note, ''))`, 'like', pattern),
        ...(number !== null ? [eb('p.application_number', '=', number)] : []),
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'a.id',
        'a.at',
        'a.actor_label',
        'a.actor_user_id',
        'a.action',
        'a.entity_type',
        'a.entity_id',
        'a.entity_label',
        'a.application_id',
        'p.application_number',
        'a.from_stage',
        'a.to_stage',
        'a.note',
        'a.details',
      ])
      .orderBy('a.at', query.dir)
      .orderBy('a.id', query.dir)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return {
    total: count.n,
    rows: rows.map((r) => {
      const details = r.details as Record<string, unknown> | null;
      return {
        id: Number(r.id),
        at: new Date(r.at).toISOString(),
        actor: r.actor_label,
        actorUserId: r.actor_user_id,
        action: r.action,
        entity: r.entity_type && r.entity_id ? { type: r.entity_type, id: r.entity_id, label: r.entity_label } : null,
        application: r.application_id
          ? { id: r.application_id, number: r.application_number === null ? null : Number(r.application_number) }
          : null,
        fromStage: r.from_stage,
        toStage: r.to_stage,
        note: r.note,
        changes: readableChanges(details),
        facts: readableFacts(details),
      };
    }),
  };
}
