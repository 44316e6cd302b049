import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useT } from '../i18n/locale';
import { usePublicSettings } from '../offline/cached';
import { SiteHeader } from '../features/home/SiteHeader';
import { SiteFooter } from '../features/home/SiteFooter';
import { ScrollToTop } from '../features/home/ScrollToTop';
import { fetchGallery } from '../features/home/images';

/**
 * The public site's frame (spec 1 §2 "Header", "Footer"): the header (site title from the
 * settings, language switch, Login or the staff links, and the reminder of applications waiting
 * on this phone), the page, the footer with the copyright and headline, and the scroll-to-top
 * button. The settings come from the phone's last copy first, so the frame paints at once; the
 * page below gets the same copy as outlet context.
 */
export function PublicLayout() {
  const t = useT();
  const { data: settings } = usePublicSettings();
  const title = settings?.websiteTitle || t('app.name');
  const { pathname } = useLocation();
  const onHome = pathname === '/' || pathname === '/home';
  useEffect(() => {
    // The home page's slider list, asked while the home page's code is still on its way.
    if (onHome) fetchGallery('slider').catch(() => {});
  }, [onHome]);
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader title={title} />
      {/* At least a screen high: the footer never shows above the fold and then jumps down when the page arrives. */}
      <main className="mx-auto min-h-screen w-full max-w-5xl flex-1 p-3">
        <Outlet context={settings} />
      </main>
      <SiteFooter settings={settings} title={title} />
      <ScrollToTop />
    </div>
  );
}
