import { translate, type Page, type PageSlug, type VideoGallery } from '@portal/shared';
import { VIDEO_SLOTS, youtubeIdOf } from '@portal/shared';
import type { Db } from './content-blobs.js';
import { inTransaction, writeAudit, type StaffActor } from '../audit/audit.repository.js';
import { changedFields } from '../audit/changes.js';

/** The three static pages (spec 1 §2): a page nobody has written yet answers its Bangla name and no text. */
export async function getPage(db: Db, slug: PageSlug): Promise<Page> {
  const row = await db
    .selectFrom('content_pages')
    .select(['title', 'html', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!row) return { slug, title: translate('bn', `content.page.${slug}`), html: '', updatedAt: null };
  return { slug, title: row.title, html: row.html, updatedAt: new Date(row.updated_at).toISOString() };
}

/**
 * Saves a page; one audit row names what changed in its title and text, before and after
 * (docs/decisions/041-audit-trail.md). Saving it unchanged writes no row.
 */
export async function putPage(
  db: Db,
  slug: PageSlug,
  input: { title: string; html: string; by: StaffActor; now: Date },
): Promise<Page> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('content_pages')
      .select(['title', 'html'])
      .where('slug', '=', slug)
      .forUpdate()
      .executeTakeFirst();
    const updatedBy = input.by.userId;
    await trx
      .insertInto('content_pages')
      .values({ slug, title: input.title, html: input.html, updated_at: input.now, updated_by: updatedBy })
      .onConflict((oc) =>
        oc
          .columns(['office_id', 'slug'])
          .doUpdateSet({ title: input.title, html: input.html, updated_at: input.now, updated_by: updatedBy }),
      )
      .execute();
    const changes = changedFields(before ?? null, { title: input.title, html: input.html });
    if (changes) {
      await writeAudit(trx, {
        applicationId: null,
        entity: { type: 'page', id: slug, label: input.title },
        actor: input.by,
        action: 'page.update',
        details: { ...changes },
        at: input.now,
      });
    }
    return getPage(trx, slug);
  });
}

/** The six video slots (spec 1 §2 /video-gallery); stored as the links the Admin typed. */
export async function getVideoGallery(db: Db): Promise<VideoGallery> {
  const row = await db
    .selectFrom('content_records')
    .select('data')
    .where('key', '=', 'video-gallery')
    .executeTakeFirst();
  const urls = Array.isArray(row?.data.urls) ? (row.data.urls as unknown[]) : [];
  const slots = Array.from({ length: VIDEO_SLOTS }, (_, i) => {
    const url = typeof urls[i] === 'string' ? (urls[i] as string) : '';
    const videoId = url ? youtubeIdOf(url) : null;
    return videoId ? { url, videoId } : null;
  });
  return { slots };
}

/** Saves the six links; the audit row names each slot whose link changed (decision 041). */
export async function putVideoGallery(
  db: Db,
  urls: string[],
  opts: { by: StaffActor; now: Date },
): Promise<VideoGallery> {
  const data = { urls };
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('content_records')
      .select('data')
      .where('key', '=', 'video-gallery')
      .forUpdate()
      .executeTakeFirst();
    const updatedBy = opts.by.userId;
    await trx
      .insertInto('content_records')
      .values({ key: 'video-gallery', data: JSON.stringify(data), updated_at: opts.now, updated_by: updatedBy })
      .onConflict((oc) =>
        oc
          .columns(['office_id', 'key'])
          .doUpdateSet({ data: JSON.stringify(data), updated_at: opts.now, updated_by: updatedBy }),
      )
      .execute();
    const slots = (list: unknown) =>
      Object.fromEntries(
        Array.from({ length: VIDEO_SLOTS }, (_, i) => [
          `video${i + 1}`,
          Array.isArray(list) && typeof list[i] === 'string' ? list[i] : '',
        ]),
      );
    const changes = changedFields(slots(before?.data.urls), slots(urls));
    if (changes) {
      await writeAudit(trx, {
        applicationId: null,
        entity: { type: 'videos', id: 'video-gallery' },
        actor: opts.by,
        action: 'videos.update',
        details: { ...changes },
        at: opts.now,
      });
    }
    return getVideoGallery(trx);
  });
}
