import { useEffect, useState } from 'react';
import type { ContentImage, Gallery, ImageSize } from '@portal/shared/schemas/content';
import { api } from '../../api/client';

/**
 * The address of one stored version of a gallery image (GET /api/public/images/:id?size=…, G1's
 * content API). The same one-liner as `imageUrl` in shared/schemas/content, repeated here on
 * purpose: importing that module pulls zod (about 24 KiB compressed) into the home page's first
 * load, which is the page most citizens open first on a slow phone (docs/decisions/018-service-targets.md budget).
 */
export function imageSrc(id: string, size: ImageSize): string {
  return `/api/public/images/${encodeURIComponent(id)}?size=${size}`;
}

type HomeGallery = Extract<Gallery, 'slider' | 'gallery'>;
const cacheKey = (gallery: HomeGallery) => `cache:home-${gallery}`;
const inflight = new Map<HomeGallery, Promise<ContentImage[]>>();
const REUSE_MS = 30_000;

function readCached(gallery: HomeGallery): ContentImage[] | undefined {
  try {
    const raw = localStorage.getItem(cacheKey(gallery));
    return raw ? (JSON.parse(raw) as ContentImage[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts fetching a home-page list; callers in the next half minute share the answer. The site
 * frame calls it for the slider as soon as it knows the visitor is on the home page, so the list
 * (and then the first picture, the largest thing on a phone's first screen) does not also wait for
 * the home page's own code to arrive.
 */
export function fetchGallery(gallery: HomeGallery): Promise<ContentImage[]> {
  let pending = inflight.get(gallery);
  if (!pending) {
    pending = api<ContentImage[]>(`/api/public/galleries/${gallery}`).then((fresh) => {
      try {
        localStorage.setItem(cacheKey(gallery), JSON.stringify(fresh));
      } catch {
        /* storage full: the fresh answer still shows */
      }
      return fresh;
    });
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
  const [images, setImages] = useState<ContentImage[]>(() => readCached(gallery) ?? []);
  useEffect(() => {
    let live = true;
    fetchGallery(gallery).then(
      (fresh) => live && setImages(fresh),
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

/** For tests: forget the shared requests between cases. */
export function resetGalleryRequestsForTests(): void {
  inflight.clear();
}
