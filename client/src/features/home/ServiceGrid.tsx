import { Link } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useT } from '../../i18n/locale';

/** Line icons (24×24 paths) drawn inline: no icon font or emoji font needed on an old phone. */
const ICONS = {
  form: 'M7 3h7l5 5v13H7zM14 3v5h5M13 11v6M10 14h6',
  well: 'M12 3v10M8 7h8M5 21h14M7 21v-6h10v6',
  renew: 'M20 11a8 8 0 0 0-14.9-4M4 4v4h4M4 13a8 8 0 0 0 14.9 4M20 20v-4h-4',
  search: 'M11 4a7 7 0 1 1 0 14a7 7 0 0 1 0-14zM16 16l5 5',
  licence: 'M5 4h14v12H5zM8 8h8M8 12h5M9 16l-1 5 4-2 4 2-1-5',
  complaint: 'M4 5h16v11H9l-5 4zM12 8v3M12 13.5v.5',
  copy: 'M8 8h11v13H8zM5 16V3h11',
  download: 'M12 3v12M7 10l5 5 5-5M4 19h16',
  notice: 'M4 10v4h3l6 4V6L7 10zM16 9a4 4 0 0 1 0 6',
  table: 'M3 5h18v14H3zM3 10h18M3 15h18M9 5v14',
  info: 'M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18zM12 11v6M12 7.5v.5',
  pin: 'M12 21s-7-6.5-7-11a7 7 0 0 1 14 0c0 4.5-7 11-7 11zM12 8a2 2 0 1 1 0 4a2 2 0 0 1 0-4',
} as const;

/**
 * The twelve citizen services (spec 1 §2 Home page "a citizen-services grid of 12 cards linking to
 * the public routes"). The legacy URLs are kept: citizens have them bookmarked and printed; each
 * lands on a working page (ServiceGrid.test.ts walks them through the route table).
 */
export const SERVICES: { to: string; label: MessageKey; icon: keyof typeof ICONS }[] = [
  { to: '/new-application', label: 'home.services.new', icon: 'form' },
  { to: '/existing-application', label: 'home.services.existing', icon: 'well' },
  { to: '/renew-application', label: 'home.services.renew', icon: 'renew' },
  { to: '/my-application', label: 'home.services.status', icon: 'search' },
  { to: '/verification/6', label: 'home.services.licence', icon: 'licence' },
  { to: '/complaint', label: 'home.services.complaint', icon: 'complaint' },
  { to: '/copy', label: 'home.services.copy', icon: 'copy' },
  { to: '/downloads', label: 'home.services.downloads', icon: 'download' },
  { to: '/notice', label: 'home.services.notice', icon: 'notice' },
  { to: '/dataTable', label: 'home.services.dataTable', icon: 'table' },
  { to: '/application-instruction', label: 'home.services.instruction', icon: 'info' },
  { to: '/geo-db', label: 'home.services.geo', icon: 'pin' },
];

/** Two cards a row on a phone, three on a tablet, four on a computer; each a large tap target. */
export function ServiceGrid() {
  const t = useT();
  return (
    <section aria-labelledby="home-services-title">
      <h2 id="home-services-title" className="mb-3 text-xl font-bold text-brand-900">
        {t('home.services.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
        {SERVICES.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              className="flex h-full min-h-24 flex-col items-center justify-center gap-2 rounded-lg border border-gray-200 bg-white p-3 text-center shadow-sm hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <svg
                viewBox="0 0 24 24"
                aria-hidden
                className="size-10 shrink-0 rounded-full bg-brand-50 p-2 text-brand-700"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={ICONS[s.icon]} />
              </svg>
              <span className="text-base font-semibold leading-snug text-brand-800">{t(s.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
