import { sql } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { ContactRow } from '@portal/shared';
import type { Database } from '../../db/database.js';

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

/**
 * The CSV export (spec 2 §2 "Export Data to Excel Sheet"). Excel guesses the encoding of a CSV:
 * only a UTF-8 byte-order mark makes it read Bangla correctly, and it expects CRLF line ends. The
 * columns keep the legacy names (name, phone, msg) that the office's sheets already use.
 */
export async function contactsCsv(
  db: Database,
  q: string | undefined,
  formatDate: (d: Date) => string,
): Promise<string> {
  const rows = await filtered(db, q)
    .select(['name', 'phone', 'message', 'created_at'])
    .orderBy('created_at', 'desc')
    .execute();
  return stringify(
    rows.map((r) => [safeCell(r.name), r.phone, safeCell(r.message), formatDate(new Date(r.created_at))]),
    { bom: true, record_delimiter: 'windows', header: true, columns: ['name', 'phone', 'msg', 'date'] },
  );
}

/**
 * The public writes these cells: one starting with = + - @ (or a tab/CR) would run as a formula when
 * the sheet is opened in Excel (CSV injection, OWASP). A leading apostrophe makes it plain text.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
