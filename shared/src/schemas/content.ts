import { z } from 'zod';

/**
 * The public website's content (spec 1 §2 public pages, spec 2 §2-§3 Website Setting and Pages
 * groups). Rich text travels as HTML that the SERVER has sanitised (docs/decisions/007); the
 * client never sends trusted HTML and shows only what came back from the server.
 */

/** The three image galleries: home-page slider, home-page photo gallery, GEO special database. */
export const GALLERIES = ['slider', 'gallery', 'geo'] as const;
export type Gallery = (typeof GALLERIES)[number];
export const gallerySchema = z.enum(GALLERIES);

export { IMAGE_SIZES, imageUrl, noticeFileUrl, type ImageSize } from '../content-urls.js';
export const IMAGE_VARIANT_WIDTHS = { thumb: 400, phone: 800 } as const;

export const contentImageSchema = z.object({
  id: z.string(),
  gallery: gallerySchema,
  /** Pixel size of the uploaded image (after EXIF rotation), so pages can reserve the box before it loads. */
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
  /** A GEO item's place, null when it has none (docs/decisions/034-geo-database-map.md); optional for lists cached before it. */
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;
export const contentImageListSchema = z.array(contentImageSchema);

/** File archive (spec 2 §2 File Archive): Public files appear on /downloads; Private ones never leave the back office. */
export const ARCHIVE_VISIBILITIES = ['Public', 'Private'] as const;
export type ArchiveVisibility = (typeof ARCHIVE_VISIBILITIES)[number];
export const archiveUploadQuerySchema = z.object({
  name: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(200, 'v.tooLong'),
  visibility: z.enum(ARCHIVE_VISIBILITIES, { error: 'content.v.visibility' }),
});
export const archiveFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  visibility: z.enum(ARCHIVE_VISIBILITIES),
  mime: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type ArchiveFile = z.infer<typeof archiveFileSchema>;
export const archiveFileListSchema = z.array(archiveFileSchema);
/** What a visitor sees on /downloads. */
export const publicDownloadSchema = archiveFileSchema.pick({ id: true, name: true, mime: true, createdAt: true });
export type PublicDownload = z.infer<typeof publicDownloadSchema>;
export const publicDownloadListSchema = z.array(publicDownloadSchema);

/** Longest rich text accepted (before sanitising), in characters. */
export const RICH_TEXT_MAX = 100_000;

/** Notices (spec 2 §2 web-notice; spec 1 §2 notice board). */
export const noticeInputSchema = z.object({
  title: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(300, 'v.tooLong'),
  descriptionHtml: z.string().max(RICH_TEXT_MAX, 'v.tooLong').default(''),
});
export type NoticeInput = z.input<typeof noticeInputSchema>;
export const noticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised on the server before it was stored. */
  descriptionHtml: z.string(),
  publishedAt: z.string(),
  file: z.object({ mime: z.string(), size: z.number().int() }).nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.array(noticeSchema);

/** 'Send Message' on a notice: a comma-separated list of mobiles (spec 2 §2, §7 notice announcements). */
export const noticeSmsInputSchema = z.object({
  mobiles: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(20_000, 'v.tooLong'),
});
export const noticeSmsResultSchema = z.object({ queued: z.number().int() });

/** Static pages (spec 1 §2; spec 2 §2 Policies, Application Instruction, About Us). */
export const PAGE_SLUGS = ['policies', 'application-instruction', 'about-us'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];
export const pageSlugSchema = z.enum(PAGE_SLUGS);
export const pageInputSchema = z.object({
  title: z.string({ error: 'v.required' }).trim().min(1, 'v.required').max(300, 'v.tooLong'),
  html: z.string().max(RICH_TEXT_MAX, 'v.tooLong').default(''),
});
export type PageInput = z.input<typeof pageInputSchema>;
export const pageSchema = z.object({
  slug: pageSlugSchema,
  title: z.string(),
  html: z.string(),
  updatedAt: z.string().nullable(),
});
export type Page = z.infer<typeof pageSchema>;

/** Video gallery: six slots (spec 1 §2 /video-gallery), each empty or a YouTube link. */
export const VIDEO_SLOTS = 6;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The 11-character video id of a YouTube link (watch, youtu.be, embed, shorts, live), or null for anything else. */
export function youtubeIdOf(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const m = /^\/(embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
      id = m ? m[2]! : null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const videoGalleryInputSchema = z.object({
  urls: z
    .array(
      z
        .string()
        .trim()
        .max(300, 'v.tooLong')
        .refine((u) => u === '' || youtubeIdOf(u) !== null, 'content.v.youtube'),
    )
    .length(VIDEO_SLOTS),
});
export const videoSchema = z.object({ url: z.string(), videoId: z.string() });
export const videoGallerySchema = z.object({
  /** Always six entries; null = an empty slot. */
  slots: z.array(videoSchema.nullable()),
});
export type VideoGallery = z.infer<typeof videoGallerySchema>;
