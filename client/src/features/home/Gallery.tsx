import type { ContentImage } from '@portal/shared/schemas/content';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { imageUrl } from '@portal/shared/content-urls';

/**
 * The home page's photo gallery (spec 1 §2, §9: three a row, 250 px high). Two a row in 4:3 boxes
 * on a phone (a 250 px high column of pictures would be a long scroll), three a row 250 px high
 * from 768 px. Every box has its size before its picture arrives (no layout shift); pictures come as the ~400 px version (the ~800 px one for sharper screens and
 * wide cells) and only when scrolled near. Nothing is shown while the gallery is empty.
 */
export function Gallery({ images }: { images: ContentImage[] }) {
  const t = useT();
  const { locale } = useLocale();
  if (!images.length) return null;
  return (
    <section aria-labelledby="home-gallery-title">
      <h2 id="home-gallery-title" className="mb-3 text-xl font-bold text-brand-900">
        {t('home.gallery.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-3">
        {images.map((image, i) => (
          <li
            key={image.id}
            className="aspect-[4/3] overflow-hidden md:aspect-auto md:h-[250px] rounded-lg border border-gray-200 bg-gray-100 shadow-sm"
          >
            <img
              src={imageUrl(image.id, 'thumb')}
              srcSet={`${imageUrl(image.id, 'thumb')} 400w, ${imageUrl(image.id, 'phone')} 800w`}
              sizes="(min-width: 1024px) 330px, (min-width: 768px) 33vw, 50vw"
              alt={t('home.gallery.imageAlt', { n: locale === 'bn' ? toBanglaDigits(i + 1) : i + 1 })}
              width={400}
              height={250}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
