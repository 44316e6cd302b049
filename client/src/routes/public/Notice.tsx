import { formatDateBn, formatDateEn, todayInDhaka } from '@portal/shared/i18n/dates';
import { noticeFileUrl } from '@portal/shared/content-urls';
import type { Notice as NoticeItem } from '@portal/shared/schemas/content';
import { useLocale, useT } from '../../i18n/locale';
import { LoadState } from '../../features/content/LoadState';
import { RichHtml } from '../../features/content/RichHtml';
import { useContent } from '../../features/content/useContent';

/**
 * /notice (spec 1 §2 notice board): newest first, each with its title, the day it was published
 * in Bangla, the description (sanitised by the server before it was stored) and, when there is
 * one, a 'View Notice File' button.
 */
export default function Notice() {
  const t = useT();
  const { locale } = useLocale();
  const { data, error, loading, reload } = useContent<NoticeItem[]>('/api/public/notices');
  const day = (ts: string) => {
    const iso = todayInDhaka(new Date(ts));
    return locale === 'bn' ? formatDateBn(iso) : formatDateEn(iso);
  };
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-3 text-xl font-bold text-brand-900">{t('content.notice.title')}</h1>
      <LoadState loading={loading} error={error} reload={reload}>
        {data && data.length === 0 && <p className="rounded bg-white p-4 text-gray-600">{t('content.notice.empty')}</p>}
        <ol className="space-y-3">
          {data?.map((n) => (
            <li key={n.id}>
              <article className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
                <h2 className="text-lg font-bold text-gray-900">{n.title}</h2>
                <p className="mt-1 text-sm text-gray-600">
                  <time dateTime={n.publishedAt}>{t('content.notice.published', { date: day(n.publishedAt) })}</time>
                </p>
                {n.descriptionHtml && <RichHtml html={n.descriptionHtml} className="mt-2" />}
                {n.file && (
                  <a
                    href={noticeFileUrl(n.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-3 inline-flex min-h-11 items-center rounded bg-brand-700 px-4 font-semibold text-white"
                  >
                    {t('content.notice.viewFile')}
                  </a>
                )}
              </article>
            </li>
          ))}
        </ol>
      </LoadState>
    </section>
  );
}
