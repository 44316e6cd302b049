import type { ContentImage } from './schemas/content.js';
import { imageUrl } from './content-urls.js';

/**
 * How the home page's slider asks for a picture, in one place for the slider (client) and for the
 * server that names the first one in index.html (docs/decisions/043-first-paint-html-and-fonts.md):
 * the browser reuses a preloaded picture only when its URL, srcset and sizes are the same as the
 * <img>'s. No zod here (type imports only): the home page's first load must not pull it in
 * (docs/decisions/011-bundle-budget.md).
 */

/** The slider's box is the page's width on a phone and at most 1024 CSS px on a computer. */
export const SLIDER_SIZES = '(min-width: 1024px) 1024px, 100vw';

/** The phone version (~800 px) for phones; the upload itself only when it is wider and the screen wants it. */
export function sliderPicture(image: Pick<ContentImage, 'id' | 'width'>): {
  src: string;
  srcSet: string;
  sizes: string;
} {
  const src = imageUrl(image.id, 'phone');
  const phone = `${src} 800w`;
  const srcSet = image.width > 800 ? `${phone}, ${imageUrl(image.id, 'full')} ${image.width}w` : phone;
  return { src, srcSet, sizes: SLIDER_SIZES };
}
