import type { PublicDownload } from '@portal/shared/schemas/content';
import { useT } from '../../i18n/locale';
import { LoadState } from '../../features/content/LoadState';
import { useContent } from '../../features/content/useContent';

/** /downloads (spec 1 §2): the archive's Public files, each with 'View Download File' opening in a new tab. */
export default function Downloads() {
  const t = useT();
  const { data, error, loading, reload } = useContent<PublicDownload[]>('/api/public/downloads');
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-3 text-xl font-bold text-brand-900">{t('content.downloads.title')}</h1>
      <LoadState loading={loading} error={error} reload={reload}>
        {data && data.length === 0 && (
          <p className="rounded bg-white p-4 text-gray-600">{t('content.downloads.empty')}</p>
        )}
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {data?.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span className="min-w-0 flex-1 break-words font-semibold text-gray-900">
                {f.name}
                <span className="ml-2 text-xs font-normal text-gray-500">
                  {f.mime === 'application/pdf' ? 'PDF' : ''}
                </span>
              </span>
              <a
                href={`/api/public/downloads/${encodeURIComponent(f.id)}`}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center rounded bg-brand-700 px-4 text-sm font-semibold text-white"
              >
                {t('content.downloads.viewFile')}
              </a>
            </li>
          ))}
        </ul>
      </LoadState>
    </section>
  );
}
