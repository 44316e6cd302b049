import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import type { Me } from '@portal/shared/schemas/auth';
import type { StaffRole } from '@portal/shared/constants';
import type { MessageKey } from '@portal/shared/i18n/index';
import { PageLoading } from '../../components/PageLoading';
import { Toaster } from '../../components/Toast';
import { useLocale, useT } from '../../i18n/locale';
import { menuFor } from '../../features/staff/menu';
import { firstLetter, staffDisplayName } from '../../features/staff/display-name';
import { useSignOut } from './SignOutButton';
import { staffApi } from '../../features/staff/staffApi';

/**
 * The panel's frame (spec 2 §2 "Shell"): '<role> Panel' title, a top bar with the account menu
 * and 'Visit Website', and the side drawer (248 px; permanent on wide screens, a slide-in menu
 * on phones). Nothing of it is printed.
 */
function Menu({ role }: { role: StaffRole }) {
  const t = useT();
  return (
    <nav aria-label={t('staff.mainMenu')} className="space-y-4 p-3">
      {menuFor(role).map((group, gi) => (
        <div key={gi}>
          {group.titleKey && (
            <h2 className="mb-1 px-2 text-xs font-bold tracking-wide text-gray-500 uppercase">{t(group.titleKey)}</h2>
          )}
          <ul className="space-y-0.5">
            {group.entries.map((entry) => (
              <li key={entry.path}>
                <NavLink
                  to={entry.path === '' ? '/admin-page' : `/admin-page/${entry.path}`}
                  end
                  className={({ isActive }) =>
                    `flex min-h-10 items-center rounded px-2 ${isActive ? 'bg-brand-700 font-semibold text-white' : 'text-gray-800 hover:bg-brand-50'}`
                  }
                >
                  {t(entry.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function AccountMenu({ me }: { me: Me }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const [open, setOpen] = useState(false);
  const signOut = useSignOut();
  const box = useRef<HTMLDivElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const item = 'flex min-h-10 w-full items-center px-4 text-left text-gray-800 hover:bg-gray-100';
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('staff.accountMenu')}
        onClick={() => setOpen((o) => !o)}
        className="flex h-10 w-10 items-center justify-center rounded-full bg-white font-bold text-brand-800 uppercase"
      >
        <span aria-hidden="true">{firstLetter(staffDisplayName(me, t))}</span>
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-30 mt-2 w-64 overflow-hidden rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          <div className="border-b border-gray-100 px-4 py-2">
            <p className="truncate font-semibold text-gray-800">{staffDisplayName(me, t)}</p>
            <p className="truncate text-sm text-gray-600">{me.email}</p>
          </div>
          <MyOffices itemClass={item} />
          <Link role="menuitem" to="/admin-page/profile" className={item}>
            {t('staff.profile')}
          </Link>
          <Link role="menuitem" to="/admin-page/setting" className={item}>
            {t('staff.settings')}
          </Link>
          <a role="menuitem" href="/" target="_blank" rel="noopener" className={`${item} sm:hidden`}>
            {t('staff.visitWebsite')}
          </a>
          <button
            role="menuitem"
            type="button"
            className={item}
            onClick={() => setLocale(locale === 'bn' ? 'en' : 'bn')}
          >
            {t('common.language')}
          </button>
          <button
            role="menuitem"
            type="button"
            disabled={signOut.busy}
            className={`${item} border-t border-gray-100 text-red-800`}
            onClick={() => {
              setOpen(false);
              void signOut.run();
            }}
          >
            {t('common.logout')}
          </button>
        </div>
      )}
      {/* Outside the menu: the menu closes as the officer answers the question. */}
      {signOut.dialog}
    </div>
  );
}

/** Where an account that must change its password is kept until it does (decision 014). */
const PASSWORD_SCREEN = '/admin-page/setting';

export function StaffShell({ me, role }: { me: Me; role: StaffRole }) {
  const t = useT();
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  useEffect(() => setDrawer(false), [location.pathname]);
  const title = t('staff.panelTitle', { role: t(`staff.role.${role}` as MessageKey) });
  // The server refuses every other staff request until then (PASSWORD_CHANGE_REQUIRED), so no other
  // screen is shown, and the menu stays empty; the screen sends the person back here afterwards.
  if (me.mustChangePassword && location.pathname !== PASSWORD_SCREEN) {
    return <Navigate to={PASSWORD_SCREEN} replace state={{ from: location.pathname + location.search }} />;
  }
  const menu = me.mustChangePassword ? null : <Menu role={role} />;

  return (
    <div className="min-h-screen lg:pl-62 print:pl-0">
      {/* Wide screens: the drawer is always there. */}
      <aside className="fixed inset-y-0 left-0 hidden w-62 overflow-y-auto border-r border-gray-200 bg-white lg:block print:hidden">
        <Link to="/admin-page" className="flex h-14 items-center bg-brand-900 px-4 font-bold text-white">
          {t('app.shortName')}
        </Link>
        {menu}
      </aside>

      {/* Phones: the same menu slides in over the page. */}
      <Dialog.Root open={drawer} onOpenChange={setDrawer}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-62 max-w-[85vw] overflow-y-auto bg-white shadow-xl lg:hidden">
            <div className="flex h-14 items-center justify-between bg-brand-900 px-4 text-white">
              <Dialog.Title className="font-bold">{title}</Dialog.Title>
              <Dialog.Close
                className="flex h-10 w-10 items-center justify-center text-2xl"
                aria-label={t('staff.closeMenu')}
              >
                ×
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">{t('staff.mainMenu')}</Dialog.Description>
            {menu}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <header className="sticky top-0 z-20 flex h-14 items-center gap-2 bg-brand-800 px-2 text-white shadow print:hidden sm:px-4">
        <button
          type="button"
          onClick={() => setDrawer(true)}
          className="flex h-10 w-10 items-center justify-center rounded text-2xl hover:bg-brand-700 lg:hidden"
          aria-label={t('staff.openMenu')}
          aria-expanded={drawer}
        >
          ☰
        </button>
        <p className="min-w-0 flex-1 truncate text-lg font-bold">{title}</p>
        <a
          href="/"
          target="_blank"
          rel="noopener"
          className="hidden rounded px-3 py-2 hover:bg-brand-700 sm:inline-block"
        >
          {t('staff.visitWebsite')} ↗
        </a>
        <AccountMenu me={me} />
      </header>

      <main className="mx-auto max-w-6xl p-3 sm:p-5 print:max-w-none print:p-0">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Toaster />
    </div>
  );
}

interface MyOffice {
  code: string;
  nameBn: string;
  nameEn: string;
  role: StaffRole;
  url: string | null;
  current: boolean;
}

/**
 * The person's other offices, for one who serves two upazilas (docs/decisions/057-offices.md, step
 * 4): each a link to its own address, where that office's sign-in asks again. Nothing for one office.
 */
function MyOffices({ itemClass }: { itemClass: string }) {
  const t = useT();
  const { locale } = useLocale();
  const [offices, setOffices] = useState<MyOffice[]>([]);
  useEffect(() => {
    staffApi<{ offices: MyOffice[] }>('/api/auth/offices')
      .then((r) => setOffices(r.offices))
      .catch(() => setOffices([]));
  }, []);
  if (offices.length < 2) return null;
  return (
    <div className="border-b border-gray-100 py-1">
      <p className="px-4 pt-1 text-xs font-bold text-gray-500">{t('offices.mine.title')}</p>
      {offices.map((o) => {
        const name = `${locale === 'bn' ? o.nameBn : o.nameEn} · ${t(`staff.role.${o.role}` as MessageKey)}`;
        return o.current || !o.url ? (
          <p key={o.code} className="flex min-h-10 items-center px-4 font-semibold text-gray-800" aria-current="true">
            ✓ {name}
          </p>
        ) : (
          <a key={o.code} role="menuitem" href={o.url} className={itemClass} title={t('offices.mine.signInAgain')}>
            {name}
          </a>
        );
      })}
    </div>
  );
}
