import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useLocale, useT } from '../../i18n/locale';
import { ApiError } from '../../api/client';
import { signOut, useMe } from '../staff/useMe';
import { headerLinkClass } from './headerLink';

/**
 * The header's account links (spec 1 §2 "Header"): Login for visitors; Admin, Registration and
 * Logout for signed-in staff, from the same session store as the staff panel (GET /api/auth/me).
 * Its own lazy chunk, because the store shares code with the staff panel, which a citizen's phone
 * does not keep offline: without it the header simply keeps the Login link (`loginLink`).
 */
export default function StaffLinks({ loginLink }: { loginLink: ReactNode }) {
  const t = useT();
  const { locale } = useLocale();
  const me = useMe();
  const navigate = useNavigate();
  const [logoutError, setLogoutError] = useState<string | null>(null);

  if (!me.me) return loginLink;

  const logout = async () => {
    setLogoutError(null);
    try {
      await signOut();
      navigate('/');
    } catch (e) {
      const message = e instanceof ApiError ? (locale === 'bn' ? e.messageBn : e.messageEn) : '';
      setLogoutError(t('home.header.logoutFailed', { message }));
    }
  };

  return (
    <>
      <Link to="/admin-page" className={headerLinkClass}>
        {t('home.header.admin')}
      </Link>
      <Link to="/reg" className={headerLinkClass}>
        {t('home.header.registration')}
      </Link>
      <button type="button" onClick={() => void logout()} className={`${headerLinkClass} cursor-pointer`}>
        {t('common.logout')}
      </button>
      {logoutError && (
        <p
          role="alert"
          className="absolute inset-x-0 top-full z-40 bg-red-50 px-3 py-2 text-center text-sm text-red-800"
        >
          {logoutError}
        </p>
      )}
    </>
  );
}
