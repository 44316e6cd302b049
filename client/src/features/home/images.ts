import { startTransition, useEffect, useState } from 'react';
import type { ContentImage, Gallery } from '@portal/shared/schemas/content';
import { SLIDER_DATA_ID } from '@portal/shared/html-data';
import { api } from '../../api/client';
import { readHtmlData } from '../../htmlData';
import { adoptingFirstScreen } from '../../adoption';

type HomeGallery = Extract<Gallery, 'slider' | 'gallery'>;
const cacheKey = (gallery: HomeGallery) => `cache:home-${gallery}`;
const inflight = new Map<HomeGallery, Promise<ContentImage[]>>();
const REUSE_MS = 30_000;
const NONE: ContentImage[] = [];

/**
 * The slider list the server wrote into index.html for / and /home (docs/decisions/043-first-paint-html-and-fonts.md),
 * read once per page load; undefined when the page came without it (the service worker's copy of
 * index.html, another path, an older server), and then the list is fetched as before.
 */
let fromHtml: ContentImage[] | undefined | null = null; // null: not looked for yet; undefined: none, or used
function embedded(gallery: HomeGallery): ContentImage[] | undefined {
  if (gallery !== 'slider') return undefined;
  if (fromHtml === null) {
    const list = readHtmlData(SLIDER_DATA_ID);
    fromHtml = Array.isArray(list) ? (list as ContentImage[]) : undefined;
  }
  return fromHtml;
}

function readCached(gallery: HomeGallery): ContentImage[] | undefined {
  try {
    const raw = localStorage.getItem(cacheKey(gallery));
    return raw ? (JSON.parse(raw) as ContentImage[]) : undefined;
  } catch {
    return undefined;
  }
}

function keep(gallery: HomeGallery, list: ContentImage[]): ContentImage[] {
  try {
    localStorage.setItem(cacheKey(gallery), JSON.stringify(list));
  } catch {
    /* storage full: the fresh answer still shows */
  }
  return list;
}

/**
 * Starts fetching a home-page list; callers in the next half minute share the answer. The site
 * frame calls it for the slider as soon as it knows the visitor is on the home page, so the list
 * (and then the first picture, the largest thing on a phone's first screen) does not also wait for
 * the home page's own code to arrive. The list in the page's HTML answers the first call with no
 * request, and is kept on the phone at once (so the page, rendered later, starts from it); a later
 * visit to the home page in the same tab asks afresh.
 */
export function fetchGallery(gallery: HomeGallery): Promise<ContentImage[]> {
  let pending = inflight.get(gallery);
  if (!pending) {
    const known = embedded(gallery);
    if (known) fromHtml = undefined;
    pending = known
      ? Promise.resolve(keep(gallery, known))
      : api<ContentImage[]>(`/api/public/galleries/${gallery}`).then((fresh) => keep(gallery, fresh));
    inflight.set(gallery, pending);
    // Shared only while the page is being opened: a failure may be tried again at once, and a
    // later visit to the home page in the same tab asks afresh.
    pending.then(
      () => setTimeout(() => inflight.delete(gallery), REUSE_MS),
      () => inflight.delete(gallery),
    );
  }
  return pending;
}

/**
 * A home-page image list (slider or photo gallery), newest first. The last answer is kept on the
 * phone, so a repeat visit (or one with no connection) shows the pictures at once and the slider's
 * box is already filled; the fresh answer replaces it when it comes.
 */
export function useGallery(gallery: HomeGallery): ContentImage[] {
  // The list in the HTML first: the server preloaded its first picture, which a stale phone copy
  // might not start with. While the server's first screen is adopted, no photo gallery: the server
  // drew none (the phone's copy comes in the effect below).
  const [images, setImages] = useState<ContentImage[]>(() =>
    gallery === 'gallery' && adoptingFirstScreen() ? NONE : (embedded(gallery) ?? readCached(gallery) ?? NONE),
  );
  useEffect(() => {
    let live = true;
    const show = (list: ContentImage[]) =>
      startTransition(() => setImages((now) => (sameList(now, list) ? now : list)));
    const kept = gallery === 'gallery' ? readCached(gallery) : undefined;
    if (kept) show(kept);
    fetchGallery(gallery).then(
      (fresh) => live && show(fresh),
      () => {
        /* offline or server down: the phone's last copy (if any) stays */
      },
    );
    return () => {
      live = false;
    };
  }, [gallery]);
  return images;
}

/** The same pictures in the same order: the slider and the gallery are not drawn again for them. */
function sameList(a: ContentImage[], b: ContentImage[]): boolean {
  return a.length === b.length && a.every((image, i) => JSON.stringify(image) === JSON.stringify(b[i]));
}

/**
 * Renders with `list` as the slider list in the HTML (the server's rendering of the home page,
 * entry-server.tsx): the slider then draws its first picture, as the app will on the phone.
 * renderToString is synchronous, so no other render sees it.
 */
export function renderWithSlider<T>(list: ContentImage[], render: () => T): T {
  fromHtml = list;
  try {
    return render();
  } finally {
    fromHtml = null;
  }
}

/** For tests: forget the shared requests, as half a minute later; and, as a new page load, what the HTML said. */
export function resetGalleryRequestsForTests({ pageLoad = true } = {}): void {
  inflight.clear();
  if (pageLoad) fromHtml = null;
}
