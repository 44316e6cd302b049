import { sql } from 'kysely';
import type { SmsRow } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';

/** The Admin's view of the text-message outbox (sms_outbox): what was sent, is waiting, or failed. */

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One-time codes must not be readable by anyone but the citizen (docs/decisions/018-service-targets.md). */
export function visibleBody(kind: string, body: string): string {
  return kind === 'otp' ? body.replace(/\d|[০-৯]/g, '•') : body;
}

export async function listSms(
  db: Database,
  query: {
    page: number;
    pageSize: number;
    q?: string | undefined;
    status?: SmsRow['status'] | undefined;
    dir: 'asc' | 'desc';
  },
): Promise<{ rows: SmsRow[]; total: number }> {
  let base = db.selectFrom('sms_outbox');
  if (query.status) base = base.where('status', '=', query.status);
  if (query.q) {
    const pattern = likePattern(query.q);
    // The body is searched only for messages that are not one-time codes.
    base = base.where(
      sql<boolean>`(lower(to_number || ' ' || kind) LIKE ${pattern} OR (kind <> 'otp' AND lower(body) LIKE ${pattern}))`,
    );
  }
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', query.dir)
      .orderBy('id', query.dir)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return {
    total: count.n,
    rows: rows.map((r) => ({
      id: Number(r.id),
      to: r.to_number,
      kind: r.kind,
      body: visibleBody(r.kind, r.body),
      status: r.status,
      attempts: r.attempts,
      gatewayReply: r.gateway_reply,
      lastError: r.last_error,
      createdAt: new Date(r.created_at).toISOString(),
      sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    })),
  };
}
