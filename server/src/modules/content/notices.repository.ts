import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AcceptedFileType, Notice } from '@portal/shared';
import type { DB } from '../../platform/db/schema.js';
import { insertBlob, isUuid, type Db, type StoredBytes } from './content-blobs.js';
import { inTransaction, writeAudit, type StaffActor } from '../audit/audit.repository.js';
import { changedFields } from '../audit/changes.js';

/**
 * Notices (spec 2 §2 web-notice): the description is stored already sanitised (rich-text.ts). Each
 * change is audited with the notice's title at the time (docs/decisions/041-audit-trail.md).
 */
const noticeEntity = (id: string, title: string) => ({ type: 'notice' as const, id, label: title });

export async function insertNotice(
  db: Db,
  input: { title: string; descriptionHtml: string; by: StaffActor; now: Date },
): Promise<Notice> {
  const id = crypto.randomUUID();
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('notices')
      .values({
        id,
        title: input.title,
        description_html: input.descriptionHtml,
        published_at: input.now,
        created_by: input.by.userId,
      })
      .execute();
    await writeAudit(trx, {
      applicationId: null,
      entity: noticeEntity(id, input.title),
      actor: input.by,
      action: 'notice.create',
      details: { ...changedFields(null, { title: input.title, descriptionHtml: input.descriptionHtml }) },
      at: input.now,
    });
  });
  return {
    id,
    title: input.title,
    descriptionHtml: input.descriptionHtml,
    publishedAt: input.now.toISOString(),
    file: null,
  };
}

const noticeColumns = ['n.id', 'n.title', 'n.description_html', 'n.published_at', 'b.mime', 'b.size'] as const;

function toNotice(r: {
  id: string;
  title: string;
  description_html: string;
  published_at: Date;
  mime: string | null;
  size: number | null;
}): Notice {
  return {
    id: r.id,
    title: r.title,
    descriptionHtml: r.description_html,
    publishedAt: new Date(r.published_at).toISOString(),
    file: r.mime && r.size ? { mime: r.mime, size: r.size } : null,
  };
}

/** Newest first (spec 1 §2 notice board). */
export async function listNotices(db: Db): Promise<Notice[]> {
  const rows = await db
    .selectFrom('notices as n')
    .leftJoin('blobs as b', 'b.id', 'n.blob_id')
    .select(noticeColumns)
    .orderBy('n.published_at', 'desc')
    .orderBy('n.id')
    .execute();
  return rows.map(toNotice);
}

export async function findNotice(db: Db, id: string): Promise<Notice | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom('notices as n')
    .leftJoin('blobs as b', 'b.id', 'n.blob_id')
    .select(noticeColumns)
    .where('n.id', '=', id)
    .executeTakeFirst();
  return row ? toNotice(row) : null;
}

/** Sets (or replaces) the notice's file; null when the notice does not exist. */
export async function attachNoticeFile(
  trx: Transaction<DB>,
  id: string,
  file: { bytes: Uint8Array; mime: AcceptedFileType },
  by: StaffActor,
  now: Date,
): Promise<Notice | null> {
  if (!isUuid(id)) return null;
  const current = await trx
    .selectFrom('notices')
    .select(['blob_id', 'title'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return null;
  const blobId = await insertBlob(trx, file.bytes, file.mime);
  await trx.updateTable('notices').set({ blob_id: blobId }).where('id', '=', id).execute();
  if (current.blob_id) await trx.deleteFrom('blobs').where('id', '=', current.blob_id).execute();
  await writeAudit(trx, {
    applicationId: null,
    entity: noticeEntity(id, current.title),
    actor: by,
    action: 'notice.file',
    details: { mime: file.mime, size: file.bytes.byteLength, replaced: current.blob_id !== null },
    at: now,
  });
  return findNotice(trx, id);
}

export async function readNoticeFile(db: Db, id: string): Promise<StoredBytes | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom('notices as n')
    .innerJoin('blobs as b', 'b.id', 'n.blob_id')
    .select(['b.bytes', 'b.mime'])
    .where('n.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes the notice and its file; the audit row keeps what it said. */
export async function deleteNotice(trx: Transaction<DB>, id: string, by: StaffActor, now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await trx
    .deleteFrom('notices')
    .where('id', '=', id)
    .returning(['blob_id', 'title', 'description_html'])
    .executeTakeFirst();
  if (!row) return false;
  if (row.blob_id) await trx.deleteFrom('blobs').where('id', '=', row.blob_id).execute();
  await writeAudit(trx, {
    applicationId: null,
    entity: noticeEntity(id, row.title),
    actor: by,
    action: 'notice.delete',
    details: { ...changedFields({ title: row.title, descriptionHtml: row.description_html }, null) },
    at: now,
  });
  return true;
}
