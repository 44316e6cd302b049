import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../i18n/locale';
import { usePublicSettings } from '../offline/cached';

// The outbox reminder needs IndexedDB (Dexie): loaded beside the page, never in its way.
const OutboxIndicator = lazy(() => import('../offline/OutboxIndicator'));

/**
 * The public site's frame (spec 1 §2 "Header", "Footer"): the site title from the settings,
 * the login link, the language switch, a small reminder when applications wait on this phone,
 * and the copyright and headline in the footer.
 */
export function PublicLayout() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const { data: settings } = usePublicSettings();
  const title = settings?.websiteTitle || t('app.name');
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="no-print bg-brand-800 text-white">
        <div className="mx-auto flex max-w-5xl items-center gap-2 px-3 py-2">
          <Link to="/" className="flex min-w-0 flex-1 items-center gap-2 font-bold leading-tight">
            <img src="/icons/icon-192.png" alt="" width={32} height={32} className="size-8 shrink-0 rounded" />
            <span className="line-clamp-2">{title}</span>
          </Link>
          <button
            type="button"
            onClick={() => setLocale(locale === 'bn' ? 'en' : 'bn')}
            className="min-h-10 shrink-0 rounded border border-white/50 px-2 text-sm"
            lang={locale === 'bn' ? 'en' : 'bn'}
          >
            {t('application.layout.switchLanguage')}
          </button>
          <Link to="/login" className="flex min-h-10 shrink-0 items-center px-1 text-sm underline">
            {t('common.login')}
          </Link>
        </div>
        <Suspense fallback={null}>
          <OutboxIndicator />
        </Suspense>
      </header>
      {settings?.headline && (
        <p className="no-print bg-brand-50 px-3 py-1 text-center text-sm text-brand-900">{settings.headline}</p>
      )}
      <main className="mx-auto w-full max-w-5xl flex-1 p-3">
        <Outlet />
      </main>
      <footer className="no-print border-t border-gray-200 bg-white px-3 py-4 text-center text-sm text-gray-600">
        <p>{settings?.copyright || t('application.layout.footer', { year: locale === 'bn' ? toBanglaDigits(year) : year, site: title })}</p>
      </footer>
    </div>
  );
}
