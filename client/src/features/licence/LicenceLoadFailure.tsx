import { Link } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { ApiError } from '../../api/client';
import { useLocale, useT } from '../../i18n/locale';

/**
 * Why the licence cannot be shown, in words the reader can act on (spec 1 §4): verify the number
 * first, wait for final approval, collect it at the office; or a network failure with a retry.
 */
export function LicenceLoadFailure({
  error,
  retry,
  audience,
}: {
  error: ApiError;
  retry: () => void;
  audience: 'citizen' | 'staff';
}) {
  const t = useT();
  const { locale } = useLocale();
  const known: Partial<Record<string, MessageKey>> = {
    VERIFICATION_REQUIRED: 'licence.verifyFirst',
    LICENCE_NOT_READY: 'licence.notReady',
    LICENCE_OFFLINE_ONLY: 'licence.offlineOnly',
  };
  const key = known[error.code];
  const serverText = locale === 'en' ? error.messageEn : error.messageBn;
  const message = key ? t(key) : serverText || t('common.networkError');
  const canRetry = error.isNetwork || error.status >= 500;
  // Waiting for approval or collecting at the office is news, not a failure: amber, not red.
  const notice = error.code === 'LICENCE_NOT_READY' || error.code === 'LICENCE_OFFLINE_ONLY';
  const tone = notice ? 'border-amber-400 bg-amber-50 text-amber-900' : 'border-red-300 bg-red-50 text-red-900';
  return (
    <div role="alert" className={`mx-3 mt-6 max-w-md rounded border p-4 sm:mx-auto ${tone}`}>
      <p className="mb-3">{message}</p>
      <div className="flex flex-wrap gap-3">
        {audience === 'citizen' && (error.code === 'VERIFICATION_REQUIRED' || error.code === 'FORBIDDEN') && (
          <Link
            to="/verification/6"
            className="inline-flex min-h-11 items-center rounded bg-brand-700 px-4 font-bold text-white"
          >
            {t('licence.verifyLink')}
          </Link>
        )}
        {audience === 'citizen' && error.code === 'LICENCE_NOT_READY' && (
          <Link to="/verification/1" className="inline-flex min-h-11 items-center text-brand-800 underline">
            {t('licence.backToStatus')}
          </Link>
        )}
        {audience === 'citizen' && (
          <Link to="/" className="inline-flex min-h-11 items-center text-brand-800 underline">
            {t('common.home')}
          </Link>
        )}
        {canRetry && (
          <button type="button" onClick={retry} className="min-h-11 rounded border border-red-400 bg-white px-4">
            {t('common.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
