import { translate, type Page, type PageSlug, type VideoGallery } from '@portal/shared';
import { VIDEO_SLOTS, youtubeIdOf } from '@portal/shared';
import type { Db } from './content-blobs.js';

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

export async function putPage(
  db: Db,
  slug: PageSlug,
  input: { title: string; html: string; updatedBy: number; now: Date },
): Promise<Page> {
  await db
    .insertInto('content_pages')
    .values({ slug, title: input.title, html: input.html, updated_at: input.now, updated_by: input.updatedBy })
    .onConflict((oc) =>
      oc
        .column('slug')
        .doUpdateSet({ title: input.title, html: input.html, updated_at: input.now, updated_by: input.updatedBy }),
    )
    .execute();
  return getPage(db, slug);
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

export async function putVideoGallery(
  db: Db,
  urls: string[],
  opts: { updatedBy: number; now: Date },
): Promise<VideoGallery> {
  const data = { urls };
  await db
    .insertInto('content_records')
    .values({ key: 'video-gallery', data: JSON.stringify(data), updated_at: opts.now, updated_by: opts.updatedBy })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ data: JSON.stringify(data), updated_at: opts.now, updated_by: opts.updatedBy }),
    )
    .execute();
  return getVideoGallery(db);
}
