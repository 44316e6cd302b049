import { Link } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useT } from '../../i18n/locale';

/** Simple line icons (24×24 paths), drawn inline: no icon font or emoji font needed on old phones. */
const ICONS = {
  form: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  search: 'M11 4a7 7 0 1 1 0 14a7 7 0 0 1 0-14zM16 16l5 5',
  licence: 'M5 4h14v12H5zM8 8h8M8 12h5M9 16l-1 5 4-2 4 2-1-5',
  phone: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 19h2',
  lock: 'M6 11h12v10H6zM9 11V7a3 3 0 0 1 6 0v4',
} as const;

/** The citizen services that exist now (spec 1 §2 home page grid); the full home page comes later. */
const CARDS: { to: string; title: MessageKey; hint: MessageKey; icon: keyof typeof ICONS }[] = [
  { to: '/new-application', title: 'application.home.new', hint: 'application.home.newHint', icon: 'form' },
  { to: '/my-application', title: 'application.home.status', hint: 'application.home.statusHint', icon: 'search' },
  { to: '/verification/6', title: 'application.home.licence', hint: 'application.home.licenceHint', icon: 'licence' },
  { to: '/saved', title: 'application.home.saved', hint: 'application.home.savedHint', icon: 'phone' },
  { to: '/login', title: 'application.home.staff', hint: 'application.home.staffHint', icon: 'lock' },
];

export default function Home() {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-1 text-2xl font-bold text-brand-900">{t('application.home.title')}</h1>
      <p className="mb-4 text-gray-700">{t('application.home.intro')}</p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {CARDS.map((c) => (
          <li key={c.to}>
            <Link to={c.to} className="flex min-h-20 items-center gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm hover:border-brand-600">
              <svg viewBox="0 0 24 24" aria-hidden className="size-10 shrink-0 rounded-full bg-brand-50 p-2 text-brand-700" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
                <path d={ICONS[c.icon]} />
              </svg>
              <span>
                <span className="block text-lg font-bold text-brand-800">{t(c.title)}</span>
                <span className="block text-sm text-gray-600">{t(c.hint)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
