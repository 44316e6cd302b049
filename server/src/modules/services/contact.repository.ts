import { sql } from 'kysely';
import type { ContactRow } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';

/** Contact messages from the home page's form (spec 1 §2-§3; spec 2 §2 "Contact"). */

export async function insertContact(
  db: Database,
  input: { name: string; phone: string; message: string; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({ name: input.name, phone: input.phone, message: input.message, created_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const SORT = { name: 'name', phone: 'phone', createdAt: 'created_at' } as const;

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ContactQuery {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort: keyof typeof SORT;
  dir: 'asc' | 'desc';
}

function filtered(db: Database, q: string | undefined) {
  let query = db.selectFrom('contact_messages');
  if (q) {
    const pattern = likePattern(q);
    query = query.where(sql<boolean>`lower(name || ' ' || phone || ' ' || message) LIKE ${pattern}`);
  }
  return query;
}

export async function listContacts(db: Database, query: ContactQuery): Promise<{ rows: ContactRow[]; total: number }> {
  const [count, rows] = await Promise.all([
    filtered(db, query.q)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
    filtered(db, query.q)
      .select(['id', 'name', 'phone', 'message', 'created_at'])
      .orderBy(SORT[query.sort], query.dir)
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return {
    total: count.n,
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      message: r.message,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function deleteContact(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Rows read per query while exporting: the export streams, so memory stays flat however many there are. */
const EXPORT_BATCH = 500;

/**
 * The rows of the CSV export (spec 2 §2 "Export Data to Excel Sheet"), newest first, read in
 * keyset-paged batches as the download is written (http/csv.ts writes the file). The columns keep
 * the legacy names (name, phone, msg) that the office's sheets already use.
 */
export const CONTACT_CSV_COLUMNS = ['name', 'phone', 'msg', 'date'] as const;

export async function* contactCsvRows(
  db: Database,
  q: string | undefined,
  formatDate: (d: Date) => string,
): AsyncGenerator<string[]> {
  // The cursor keeps created_at as PostgreSQL's text (microseconds): a JavaScript Date would round it to
  // milliseconds and skip rows at the edge of a batch.
  let after: { at: string; id: number } | null = null;
  for (;;) {
    let query = filtered(db, q).select([
      'id',
      'name',
      'phone',
      'message',
      'created_at',
      sql<string>`created_at::text`.as('at'),
    ]);
    if (after) query = query.where(sql<boolean>`(created_at, id) < (${after.at}::timestamptz, ${after.id})`);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(EXPORT_BATCH).execute();
    for (const r of rows) yield [r.name, r.phone, r.message, formatDate(new Date(r.created_at))];
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}
