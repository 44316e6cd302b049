import { lazy, Suspense } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import type { PublicSettings } from '@portal/shared/schemas/settings';
import { useT } from '../../i18n/locale';
import { HeadlineTicker } from '../../features/home/HeadlineTicker';
import { Slider } from '../../features/home/Slider';
import { ServiceGrid } from '../../features/home/ServiceGrid';
import { Gallery } from '../../features/home/Gallery';
import { OfficeMapSection } from '../../features/home/OfficeMapSection';
import { ChunkBoundary, WhenVisible } from '../../features/home/WhenVisible';
import { useGallery } from '../../features/home/images';

// The contact form sits at the bottom of the page: its code comes only when it scrolls near.
const ContactForm = lazy(() => import('../../features/services/ContactForm').then((m) => ({ default: m.ContactForm })));

/**
 * / and /home (spec 1 §2 Home page): the scrolling headline, the image slider, the twelve citizen
 * services, the photo gallery, the office map and the contact form. It is what most citizens open
 * first on a slow phone, so everything below the first screen loads late (docs/BENCHMARKS.md).
 */
export default function Home() {
  const t = useT();
  // The site frame's copy of the settings (one request for the frame and the page).
  const settings = useOutletContext<PublicSettings | undefined>();
  const slider = useGallery('slider');
  const gallery = useGallery('gallery');
  const contactBox = (
    <p className="flex h-96 items-center justify-center rounded-lg border border-gray-200 bg-white text-gray-600">
      {t('home.contact.loading')}
    </p>
  );
  return (
    <div className="space-y-6">
      {/* The page's one heading, for a screen reader's outline: the office's name, which the header shows. */}
      <h1 className="sr-only">{settings?.websiteTitle || t('app.name')}</h1>
      <div className="space-y-3">
        <HeadlineTicker text={settings?.headline} />
        <Slider images={slider} fallback={<Hero />} />
      </div>
      <ServiceGrid />
      <Gallery images={gallery} />
      <div className="grid gap-6 md:grid-cols-2">
        {settings && (
          <div className="isolate">
            <OfficeMapSection
              latitude={settings.officeLatitude}
              longitude={settings.officeLongitude}
              address={settings.address}
            />
          </div>
        )}
        <WhenVisible placeholder={contactBox}>
          <ChunkBoundary fallback={null}>
            <Suspense fallback={contactBox}>
              <ContactForm />
            </Suspense>
          </ChunkBoundary>
        </WhenVisible>
      </div>
    </div>
  );
}

/** What the slider's box shows with no pictures (or before they arrive): the portal's purpose and the way in. */
function Hero() {
  const t = useT();
  return (
    <div className="flex h-full items-center gap-6 bg-gradient-to-br from-brand-700 to-brand-900 px-4 py-3 text-white sm:px-8 md:px-12">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-lg font-bold leading-snug sm:text-2xl md:text-3xl">{t('home.hero.title')}</p>
        <p className="text-sm text-brand-50 sm:text-base md:text-lg">{t('home.hero.body')}</p>
        <p className="hidden text-brand-100 sm:block md:text-lg">{t('home.hero.offline')}</p>
        <Link
          to="/new-application"
          className="mt-1 inline-flex min-h-10 w-fit items-center rounded bg-white px-4 text-sm font-bold text-brand-800 hover:bg-brand-50 sm:text-base"
        >
          {t('home.hero.apply')}
        </Link>
      </div>
      <img
        src="/icons/icon-192.png"
        alt=""
        width={192}
        height={192}
        className="hidden size-40 shrink-0 rounded-2xl opacity-90 shadow-lg md:block"
      />
    </div>
  );
}
