import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { StoredKind } from '@portal/shared';
import type { DB, Stage } from '../../platform/db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The one rule of the soft delete (docs/decisions/037-register-lists-and-exports.md): a deleted
 * application is in no list, count, lookup or public answer, and whoever names it gets 404. Every
 * read of applications filters with this: `.where(isLive('a'))` for the aliased table,
 * `.where(isLive())` otherwise. Only the register's deleted filter and its restore read past it.
 */
export function isLive(table: 'applications' | 'a' = 'applications'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.deleted_at`)} IS NULL`;
}

export interface PrintRow {
  id: string;
  applicationNumber: number;
  kind: StoredKind;
  submittedAt: Date | null;
  intakeStatus: 'receiving' | 'complete';
  fields: Record<string, unknown>;
  createdAt: Date;
  /** Stage and seen flags: which staff roles may read it (docs/decisions/017-permissions.md). */
  stage: Stage;
  seen: { chairman: boolean; uno: boolean; badc: boolean };
}

export async function findForPrint(db: Db, id: string): Promise<PrintRow | null> {
  const r = await db
    .selectFrom('applications')
    .select([
      'id',
      'application_number',
      'kind',
      'submitted_at',
      'intake_status',
      'fields',
      'created_at',
      'stage',
      'seen_chairman',
      'seen_uno',
      'seen_badc',
    ])
    .where('id', '=', id)
    .where(isLive())
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    applicationNumber: r.application_number,
    kind: r.kind,
    submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
    intakeStatus: r.intake_status,
    fields: r.fields,
    createdAt: new Date(r.created_at),
    stage: r.stage,
    seen: { chairman: r.seen_chairman, uno: r.seen_uno, badc: r.seen_badc },
  };
}
