import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLocale, useT } from '../../i18n/locale';
import { ChunkBoundary } from './WhenVisible';
import { headerLinkClass } from './headerLink';
import { useAfterLoad } from '../../useAfterLoad';
import { onSyncRequested } from '../../offline/signal';
import { outboxHasUnsent } from '../../offline/unsent';

// The outbox reminder needs IndexedDB (Dexie): loaded after the page, never in its way.
const OutboxIndicator = lazy(() => import('../../offline/OutboxIndicator'));
// Who is signed in: asked once the page has loaded, in a chunk of its own (see StaffLinks).
const StaffLinks = lazy(() => import('./StaffLinks'));

/**
 * The public site's header (spec 1 §2 "Header"): the site title with the logo, linking to /; the
 * language switch; Login for visitors, and Admin, Registration and Logout for signed-in staff.
 * The page never waits for GET /api/auth/me, asked only once the page has loaded: until it answers
 * (and for every citizen) the Login link shows, in a row of the same height, so nothing moves when the answer comes. Below it, the
 * reminder of applications still waiting on this phone.
 */
export function SiteHeader({ title }: { title: string }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const loaded = useAfterLoad();
  // Only a device with something queued loads the reminder (and Dexie with it); IndexedDB itself
  // says whether anything is queued (decision 012).
  const [queued, setQueued] = useState(false);
  useEffect(() => {
    let live = true;
    void outboxHasUnsent().then((has) => live && has && setQueued(true));
    const stop = onSyncRequested(() => setQueued(true));
    return () => {
      live = false;
      stop();
    };
  }, []);
  const loginLink = (
    <Link to="/login" className={headerLinkClass}>
      {t('common.login')}
    </Link>
  );
  return (
    <header className="no-print relative bg-brand-800 text-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-2 px-3 py-2 sm:flex-nowrap">
        <Link
          to="/"
          aria-label={t('home.header.homeLink', { site: title })}
          className="flex min-h-11 min-w-0 flex-1 items-center gap-2 font-bold leading-tight"
        >
          <img src="/icons/icon-192.png" alt="" width={36} height={36} className="size-9 shrink-0 rounded" />
          <span className="line-clamp-2 text-base sm:text-lg">{title}</span>
        </Link>
        <button
          type="button"
          onClick={() => setLocale(locale === 'bn' ? 'en' : 'bn')}
          className="min-h-9 shrink-0 rounded border border-white/50 px-2 text-sm hover:bg-white/10 sm:order-last"
          lang={locale === 'bn' ? 'en' : 'bn'}
        >
          {t('home.layout.switchLanguage')}
        </button>
        {/* On a phone the links take their own row; the row has one height whoever is signed in. */}
        <nav
          aria-label={t('home.header.accountNav')}
          className="-mx-1 flex h-9 w-full items-center justify-end gap-1 sm:mx-0 sm:w-auto"
        >
          {loaded ? (
            <ChunkBoundary fallback={loginLink}>
              <Suspense fallback={loginLink}>
                <StaffLinks loginLink={loginLink} />
              </Suspense>
            </ChunkBoundary>
          ) : (
            loginLink
          )}
        </nav>
      </div>
      {loaded && queued && (
        <ChunkBoundary fallback={null}>
          <Suspense fallback={null}>
            <OutboxIndicator />
          </Suspense>
        </ChunkBoundary>
      )}
    </header>
  );
}
