import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { ui } from '../staff/ui';

/** Loading, not found (with the way back to the list), another failure with Retry, or the screen. */
export function ResolutionLoad({
  loading,
  error,
  reload,
  children,
}: {
  loading: boolean;
  error: unknown;
  reload: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const f = useFormat();
  if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div role="alert" className={`${ui.alertError} space-y-2`}>
        <p>{notFound ? t('resolutions.notFound') : t('resolutions.loadFailed', { message: f.error(error) })}</p>
        <div className="flex flex-wrap gap-2">
          {!notFound && (
            <button type="button" onClick={reload} className={ui.danger}>
              {t('common.retry')}
            </button>
          )}
          <Link to="/admin-page/resolution" className={ui.secondary}>
            {t('resolutions.backToList')}
          </Link>
        </div>
      </div>
    );
  }
  if (loading) {
    return (
      <p role="status" className="py-6 text-center text-gray-600">
        {t('resolutions.loading')}
      </p>
    );
  }
  return <>{children}</>;
}
