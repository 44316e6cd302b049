import { lazy, Suspense } from 'react';
import { useT } from '../../i18n/locale';
import { useStorageWarning } from '../../offline/storage';
import { ChunkBoundary } from '../../features/home/WhenVisible';

// The queue itself reads IndexedDB through Dexie (30 KiB): it follows the page's first paint.
const SavedQueue = lazy(() => import('../../features/saved/SavedQueue'));

/** /saved: what this phone keeps to send, and what it has sent (the queue is features/saved/SavedQueue.tsx). */
export default function SavedSubmissions() {
  const t = useT();
  const storage = useStorageWarning();
  const loading = <p role="status">{t('common.loading')}</p>;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-2 text-2xl font-bold text-brand-900">{t('offline.saved.title')}</h1>
      <p className="mb-4 text-gray-700">{t('offline.saved.intro')}</p>
      {storage === 'low' && (
        <p className="mb-4 rounded border border-amber-400 bg-amber-50 p-3 text-amber-900">{t('offline.storageLow')}</p>
      )}
      <ChunkBoundary fallback={<p role="alert">{t('common.networkError')}</p>}>
        <Suspense fallback={loading}>
          <SavedQueue />
        </Suspense>
      </ChunkBoundary>
    </div>
  );
}
