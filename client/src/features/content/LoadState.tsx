import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { useLocale, useT } from '../../i18n/locale';

/** Loading, failure (Bangla message and Retry) or the content; every content page uses the same three states. */
export function LoadState({
  loading,
  error,
  reload,
  children,
  placeholder,
}: {
  loading: boolean;
  error: unknown;
  reload: () => void;
  children: ReactNode;
  /** Shown while loading instead of the plain text, e.g. boxes of the final size so nothing shifts. */
  placeholder?: ReactNode;
}) {
  const t = useT();
  const { locale } = useLocale();
  if (error) {
    const message =
      error instanceof ApiError
        ? (locale === 'bn' ? error.messageBn : error.messageEn) || error.messageBn
        : String(error);
    return (
      <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900">
        <p>{t('content.loadFailed', { message })}</p>
        <button
          type="button"
          onClick={reload}
          className="mt-2 inline-flex min-h-10 items-center rounded bg-red-700 px-4 font-semibold text-white"
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (loading) {
    return (
      placeholder ?? (
        <p role="status" className="py-6 text-center text-gray-600">
          {t('common.loading')}
        </p>
      )
    );
  }
  return <>{children}</>;
}
