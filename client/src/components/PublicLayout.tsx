import { Link, Outlet } from 'react-router-dom';
import { useT } from '../i18n/locale';

/** Header, main and footer of the public site (to be completed by the citizen-side work). */
export function PublicLayout() {
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="bg-brand-800 text-white no-print">
        <div className="mx-auto flex max-w-5xl items-center justify-between p-3">
          <Link to="/" className="font-bold">
            {t('app.name')}
          </Link>
          <Link to="/login">{t('common.login')}</Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 p-3">
        <Outlet />
      </main>
    </div>
  );
}
