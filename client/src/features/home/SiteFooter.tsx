import { Link } from 'react-router-dom';
import type { PublicSettings } from '@portal/shared/schemas/settings';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';

const FOOTER_LINKS = [
  { to: '/about-us', label: 'home.footer.about' },
  { to: '/policies', label: 'home.footer.policies' },
  { to: '/video-gallery', label: 'home.footer.video' },
  { to: '/lh-map', label: 'home.footer.map' },
] as const;

/**
 * The public site's footer (spec 1 §2 "Footer shows the copyright and the headline from site
 * data"), with the office's address and contacts from the same settings when the Admin has set
 * them, and the public pages that have no card on the home page.
 */
export function SiteFooter({ settings, title }: { settings: PublicSettings | undefined; title: string }) {
  const t = useT();
  const { locale } = useLocale();
  const year = new Date().getFullYear();
  const place = [settings?.address, settings?.jilla].filter(Boolean).join(', ');
  const phones = [settings?.phone1, settings?.phone2].filter(Boolean).join(', ');
  return (
    <footer className="no-print mt-6 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-5xl gap-4 px-3 py-5 text-sm sm:grid-cols-2">
        <div>
          <p className="mb-1 text-base font-bold text-white">{t('home.footer.office')}</p>
          {place && <p>{place}</p>}
          {phones && <p>{t('home.footer.phone', { phone: phones })}</p>}
          {settings?.email1 && <p>{t('home.footer.email', { email: settings.email1 })}</p>}
          {settings?.headline && <p className="mt-2 text-brand-100">{settings.headline}</p>}
        </div>
        <nav aria-label={t('home.footer.links')}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 sm:justify-end">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className="inline-flex min-h-11 items-center underline underline-offset-4 hover:text-white"
                >
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/15 px-3 py-3 text-center text-sm text-brand-100">
        {settings?.copyright ||
          t('home.layout.footer', { year: locale === 'bn' ? toBanglaDigits(year) : year, site: title })}
      </p>
    </footer>
  );
}
