import type { Locality } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { inTransaction, writeAudit, type StaffActor } from '../audit/audit.repository.js';
import { changedFields } from '../audit/changes.js';

type LocalityInput = Pick<Locality, 'kind' | 'name'>;

/** Union Porisod and Post Office lists (spec 2 §2 Base Setting), each sorted by name. */
export async function listLocalities(db: Database): Promise<{ unions: Locality[]; posts: Locality[] }> {
  const rows = await db.selectFrom('localities').select(['id', 'kind', 'name']).orderBy('name').orderBy('id').execute();
  return { unions: rows.filter((r) => r.kind === 'union'), posts: rows.filter((r) => r.kind === 'post') };
}

/** Each change of the lists is audited with the entry before and after (docs/decisions/041-audit-trail.md). */
const entityOf = (l: Locality) => ({ type: 'locality' as const, id: l.id, label: l.name });
const valuesOf = (l: Locality | null) => (l ? { kind: l.kind, name: l.name } : null);

/** Null when the same name is already in that list (unique on kind, name). */
export async function insertLocality(
  db: Database,
  input: LocalityInput,
  by: StaffActor,
  now: Date,
): Promise<Locality | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('localities')
      .values({ kind: input.kind, name: input.name })
      .onConflict((oc) => oc.columns(['office_id', 'kind', 'name']).doNothing())
      .returning(['id', 'kind', 'name'])
      .executeTakeFirst();
    if (!row) return null;
    await writeAudit(trx, {
      applicationId: null,
      entity: entityOf(row),
      actor: by,
      action: 'locality.create',
      details: { ...changedFields(null, valuesOf(row)) },
      at: now,
    });
    return row;
  });
}

export async function updateLocality(
  db: Database,
  id: number,
  input: LocalityInput,
  by: StaffActor,
  now: Date,
): Promise<Locality | 'missing' | 'taken'> {
  const clash = await db
    .selectFrom('localities')
    .select('id')
    .where('kind', '=', input.kind)
    .where('name', '=', input.name)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (clash) return 'taken';
  try {
    return await inTransaction(db, async (trx) => {
      const before = await trx
        .selectFrom('localities')
        .select(['id', 'kind', 'name'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return 'missing' as const;
      const row = await trx
        .updateTable('localities')
        .set({ kind: input.kind, name: input.name })
        .where('id', '=', id)
        .returning(['id', 'kind', 'name'])
        .executeTakeFirstOrThrow();
      const changes = changedFields(valuesOf(before), valuesOf(row));
      if (changes) {
        await writeAudit(trx, {
          applicationId: null,
          entity: entityOf(row),
          actor: by,
          action: 'locality.update',
          details: { ...changes },
          at: now,
        });
      }
      return row;
    });
  } catch (err) {
    // The same name saved by someone else between the check and the update.
    if ((err as { code?: string }).code === '23505') return 'taken';
    throw err;
  }
}

export async function deleteLocality(db: Database, id: number, by: StaffActor, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .deleteFrom('localities')
      .where('id', '=', id)
      .returning(['id', 'kind', 'name'])
      .executeTakeFirst();
    if (!row) return false;
    await writeAudit(trx, {
      applicationId: null,
      entity: entityOf(row),
      actor: by,
      action: 'locality.delete',
      details: { ...changedFields(valuesOf(row), null) },
      at: now,
    });
    return true;
  });
}
