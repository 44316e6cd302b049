/**
 * Addresses of the public website's files, apart from the content schemas (schemas/content.ts) so
 * that a citizen page that only links to a picture or a notice does not download zod with them
 * (docs/decisions/044-catalogue-by-page.md).
 */

/** Stored versions of every gallery image: thumb ~400 px wide for grids, phone ~800 px for the slider, full = the upload. */
export const IMAGE_SIZES = ['thumb', 'phone', 'full'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** Where a page asks for an image version: /api/public/images/:id?size=… */
export function imageUrl(id: string, size: ImageSize): string {
  return `/api/public/images/${encodeURIComponent(id)}?size=${size}`;
}

/** Where a notice's attached file is read. */
export function noticeFileUrl(id: string): string {
  return `/api/public/notices/${encodeURIComponent(id)}/file`;
}
