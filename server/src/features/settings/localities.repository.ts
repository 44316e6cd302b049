import type { Locality } from '@portal/shared';
import type { Database } from '../../db/database.js';

type LocalityInput = Pick<Locality, 'kind' | 'name'>;

/** Union Porisod and Post Office lists (spec 2 §2 Base Setting), each sorted by name. */
export async function listLocalities(db: Database): Promise<{ unions: Locality[]; posts: Locality[] }> {
  const rows = await db.selectFrom('localities').select(['id', 'kind', 'name']).orderBy('name').orderBy('id').execute();
  return { unions: rows.filter((r) => r.kind === 'union'), posts: rows.filter((r) => r.kind === 'post') };
}

/** Null when the same name is already in that list (unique on kind, name). */
export async function insertLocality(db: Database, input: LocalityInput): Promise<Locality | null> {
  const row = await db
    .insertInto('localities')
    .values({ kind: input.kind, name: input.name })
    .onConflict((oc) => oc.columns(['kind', 'name']).doNothing())
    .returning(['id', 'kind', 'name'])
    .executeTakeFirst();
  return row ?? null;
}

export async function updateLocality(
  db: Database,
  id: number,
  input: LocalityInput,
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
    const row = await db
      .updateTable('localities')
      .set({ kind: input.kind, name: input.name })
      .where('id', '=', id)
      .returning(['id', 'kind', 'name'])
      .executeTakeFirst();
    return row ?? 'missing';
  } catch (err) {
    // The same name saved by someone else between the check and the update.
    if ((err as { code?: string }).code === '23505') return 'taken';
    throw err;
  }
}

export async function deleteLocality(db: Database, id: number): Promise<boolean> {
  const row = await db.deleteFrom('localities').where('id', '=', id).returning('id').executeTakeFirst();
  return Boolean(row);
}
