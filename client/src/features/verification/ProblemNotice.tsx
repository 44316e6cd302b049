import type { ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import { useLocale, useT } from '../../i18n/locale';
import { problemText } from './problemText';

/**
 * A failure in the server's Bangla words (spec README defect 5); a network failure or a server
 * fault offers "try again", other failures may offer their own way on (children).
 */
export function ProblemNotice({
  error,
  onRetry,
  children,
}: {
  error: ApiError;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  const { locale } = useLocale();
  const canRetry = onRetry && (error.isNetwork || error.status >= 500);
  return (
    <div role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
      <p>{problemText(error, locale) || t('common.networkError')}</p>
      {(canRetry || children) && (
        <div className="mt-2 flex flex-wrap gap-2">
          {canRetry && (
            <button
              type="button"
              onClick={onRetry}
              className="min-h-11 rounded border border-red-400 bg-white px-4 font-semibold"
            >
              {t('common.retry')}
            </button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
