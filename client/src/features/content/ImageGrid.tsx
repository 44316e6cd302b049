import type { ReactNode } from 'react';
import { imageUrl } from '@portal/shared/content-urls';
import type { ContentImage } from '@portal/shared/schemas/content';

/**
 * Gallery grid (spec 1 §2 "3 per row on wide screens"; spec 2 §2 card grid, 3 per row): one
 * column on a small phone, two from 480 px, three from 768 px. Every box has a fixed aspect ratio
 * before its image arrives, so nothing moves while thumbnails load; images below the fold load
 * lazily and come as the ~400 px WebP version, with the ~800 px one for wider cells.
 */
export function ImageGrid({
  images,
  altFor,
  footer,
  linkToFull = false,
}: {
  images: ContentImage[];
  altFor: (index: number) => string;
  footer?: (image: ContentImage, index: number) => ReactNode;
  linkToFull?: boolean;
}) {
  return (
    <ul className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 md:grid-cols-3">
      {images.map((image, i) => {
        const img = (
          <img
            src={imageUrl(image.id, 'thumb')}
            srcSet={`${imageUrl(image.id, 'thumb')} 400w, ${imageUrl(image.id, 'phone')} 800w`}
            sizes="(min-width: 768px) 33vw, (min-width: 480px) 50vw, 100vw"
            alt={altFor(i)}
            width={400}
            height={300}
            loading={i < 3 ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        );
        return (
          <li key={image.id} className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
            <div className="aspect-[4/3] w-full bg-gray-100">
              {linkToFull ? (
                <a
                  href={imageUrl(image.id, 'full')}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block h-full w-full"
                >
                  {img}
                </a>
              ) : (
                img
              )}
            </div>
            {footer && <div className="p-2">{footer(image, i)}</div>}
          </li>
        );
      })}
    </ul>
  );
}

/** Grey boxes of the same shape as the grid, shown while the list loads (no layout shift). */
export function ImageGridPlaceholder({ count = 3 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 md:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="aspect-[4/3] w-full animate-pulse rounded-lg bg-gray-100" />
      ))}
    </ul>
  );
}
